import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDto } from '../src/modules/items/items.presenter.ts';
import { originalKey } from '../src/modules/items/renditions.ts';
import { withLocalFile } from '../src/storage/local-file.ts';
import { ffmpeg, ffprobe, stream, useTempFolder } from './media/fixtures.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { renderHelpers } from './support/renders.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

// Subclips of sound (analytics.subclip on an audio item): the range, counted in frames of the
// house rate (25 a second), rendered by the real ffmpeg through an audio preset.
let t: TestApp;
const root = useTempFolder();
let interview: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  const file = path.join(root(), 'interview.m4a');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=8'],
    ...['-c:a', 'aac', '-b:a', '128k', file],
  ]);
  interview = await readFile(file);
}, 120_000);
afterAll(async () => t.close());

const { settled, processedSource, presetOf } = renderHelpers(() => t);

/** One AAC frame of the source at 44.1 kHz: the most a cut of compressed sound may be off by. */
const ONE_AUDIO_FRAME_SECONDS = 1024 / 44_100;

describe('audio subclips', { timeout: 180_000 }, () => {
  let tt: TestTenant;
  let editor: TestUser;
  let sourceId: string;
  beforeAll(async () => {
    tt = await makeTenant(t);
    editor = await makeUser(t, tt, { permissions: ['analytics.subclip'] });
    sourceId = await processedSource(tt, interview, { title: 'Interview', itemType: 'audio' });
  }, 120_000);

  const subclip = (body: object) =>
    t.call({ method: 'POST', url: `/api/v1/items/${sourceId}/subclips`, cookie: editor.cookie, body });

  it('renders 2.4 s from 1.2 s of a sound item through the WAV preset into a new audio item', async () => {
    const wav = await presetOf(editor, 'audio-wav');
    // Frames of 40 ms: 30 is 1.2 s, 90 is 3.6 s.
    const res = await subclip({ presetId: wav.id, inFrame: 30, outFrame: 90 });
    expect(res.statusCode).toBe(202);
    const started = res.json<{ item: ItemDto }>().item;
    expect(started.title).toBe('Interview 00:00:01:05–00:00:03:15');
    const done = await settled(tt, started.id);
    expect(done.transcoding).toMatchObject({ state: 'complete', errorMessage: null });
    expect(done.itemType).toBe('audio');
    const report = await withLocalFile(
      t.services.blobs,
      originalKey(tt.tenant.id, done.id, done.leadingVersionId ?? ''),
      ffprobe,
    );
    expect(stream(report, 'audio')?.codec_name).toBe('pcm_s24le');
    expect(stream(report, 'video')).toBeUndefined();
    expect(Math.abs(Number(report.format.duration) - 2.4)).toBeLessThanOrEqual(ONE_AUDIO_FRAME_SECONDS);
  });

  it('refuses a preset that makes a picture, and a range past the sound’s end', async () => {
    const web = await presetOf(editor, 'web-h264');
    const picture = await subclip({ presetId: web.id, inFrame: 0, outFrame: 25 });
    expect(picture.statusCode).toBe(400);
    expect(fieldsOf(picture)).toEqual(['presetId']);
    expect(errorOf(picture).message).toBe(MESSAGES.renderSourceHasNoVideo);
    const wav = await presetOf(editor, 'audio-wav');
    // 8 s are 200 frames.
    const past = await subclip({ presetId: wav.id, inFrame: 150, outFrame: 201 });
    expect(past.statusCode).toBe(400);
    expect(fieldsOf(past)).toEqual(['outFrame']);
  });
});
