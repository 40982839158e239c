import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Preset } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDto } from '../src/modules/items/items.presenter.ts';
import { originalKey } from '../src/modules/items/renditions.ts';
import { withLocalFile } from '../src/storage/local-file.ts';
import { ffmpeg, ffprobe, useTempFolder, type FfprobeReport } from './media/fixtures.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { renderHelpers } from './support/renders.ts';

// A camera's start timecode, read at ingest with the real ffprobe, shown through the item, counted
// from in the markers' EDL, and written by the real ffmpeg into the renders made from it.
let t: TestApp;
const root = useTempFolder();
let pal: Buffer;
let ntsc: Buffer;
let ntsc60: Buffer;
let plain: Buffer;

async function clip(name: string, rate: string, timecode: string | null): Promise<Buffer> {
  const file = path.join(root(), name);
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=${rate}:duration=4`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    ...(timecode === null ? [] : ['-timecode', timecode]),
    file,
  ]);
  return readFile(file);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  pal = await clip('pal.mov', '25', '10:00:00:00');
  ntsc = await clip('ntsc.mov', '30000/1001', '01:00:00;00');
  ntsc60 = await clip('ntsc60.mov', '60000/1001', '01:00:00;00');
  plain = await clip('plain.mp4', '25', null);
}, 120_000);
afterAll(async () => t.close());

const { itemOf, settled, processedSource, presetOf } = renderHelpers(() => t);

/** The timecode ffprobe reads from a file: on the file (MXF) or on a stream (MOV, MP4). */
const timecodeOf = (report: FfprobeReport): string | undefined =>
  report.format.tags?.timecode ?? report.streams.find((s) => s.tags?.timecode)?.tags?.timecode;

/** ffprobe's report of the item's stored original. */
const storedReport = (tt: TestTenant, item: ItemDto) =>
  withLocalFile(t.services.blobs, originalKey(tt.tenant.id, item.id, item.leadingVersionId ?? ''), ffprobe);

describe('source start timecode', { timeout: 240_000 }, () => {
  let tt: TestTenant;
  let editor: TestUser;
  let palId: string;
  let ntscId: string;
  beforeAll(async () => {
    tt = await makeTenant(t);
    editor = await makeUser(t, tt, {
      permissions: ['analytics.subclip', 'item.downloadMarkers', 'item.commentRead', 'item.commentWrite'],
    });
    palId = await processedSource(tt, pal, { title: 'Camera A' });
    ntscId = await processedSource(tt, ntsc, { title: 'Camera B' });
  }, 120_000);

  it('is read at ingest and shown with the item’s technical metadata, drop-frame kept', async () => {
    expect((await itemOf(tt, palId)).technicalMetadata?.startTimecode).toBe('10:00:00:00');
    expect((await itemOf(tt, ntscId)).technicalMetadata?.startTimecode).toBe('01:00:00;00');
    const withoutId = await processedSource(tt, plain, { title: 'Phone' });
    expect((await itemOf(tt, withoutId)).technicalMetadata?.startTimecode).toBeNull();
  });

  it('places the EDL’s source and record times on the source’s own timecode', async () => {
    const comment = await t.call({
      method: 'POST',
      url: `/api/v1/items/${ntscId}/comments`,
      cookie: editor.cookie,
      body: { text: 'Here', startMs: 2000, endMs: 3000 },
    });
    expect(comment.statusCode).toBe(201);
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/items/${ntscId}/markers?format=edl`,
      cookie: editor.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('FCM: DROP FRAME');
    // 2 s at 29.97 is frame 59: 01:00:01;29; 3 s is frame 89: 01:00:02;29.
    expect(res.body).toContain(
      '001  AX       V     C        01:00:01;29 01:00:02;29 01:00:01;29 01:00:02;29',
    );
  });

  const subclipOf = async (sourceId: string, presetId: string, inFrame: number, outFrame: number) => {
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/items/${sourceId}/subclips`,
      cookie: editor.cookie,
      body: { presetId, inFrame, outFrame },
    });
    expect(res.statusCode).toBe(202);
    const done = await settled(tt, res.json<{ item: ItemDto }>().item.id);
    expect(done.transcoding).toMatchObject({ state: 'complete', errorMessage: null });
    return done;
  };

  it.each([
    ['web-h264', 'pal', 50, '10:00:02:00'],
    ['broadcast-xdcam-hd422', 'ntsc', 30, '01:00:01;00'],
  ])(
    'a subclip through %s starts at the %s source’s timecode at its in point',
    async (presetId, source, inFrame, expected) => {
      const preset = await presetOf(editor, presetId);
      const done = await subclipOf(source === 'pal' ? palId : ntscId, preset.id, inFrame, inFrame + 25);
      expect(timecodeOf(await storedReport(tt, done))).toBe(expected);
      expect(done.technicalMetadata?.startTimecode).toBe(expected);
    },
  );

  it('a subclip through a preset of another rate carries the timecode to that rate, and keeps the range’s length', async () => {
    // XDCAM HD422 makes 25 of 59.94: a drop-frame label (;) does not exist there, and ffmpeg refused it.
    const source = await processedSource(tt, ntsc60, { title: 'Camera C' });
    const preset = await presetOf(editor, 'broadcast-xdcam-hd422');
    // Frames 60–180 at 59.94: from 01:00:01;00, 2.002 s.
    const done = await subclipOf(source, preset.id, 60, 180);
    expect(timecodeOf(await storedReport(tt, done))).toBe('01:00:01:00');
    expect(done.technicalMetadata).toMatchObject({
      startTimecode: '01:00:01:00',
      frameRate: { numerator: 25, denominator: 1 },
    });
    expect(done.technicalMetadata?.durationSeconds).toBeCloseTo(2, 1);
  });

  it('a preset overriding the start timecode writes its own into a MOV', async () => {
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/presets',
      cookie: admin.cookie,
      body: {
        presetId: 'edit-at-five',
        name: 'Edit at five',
        recipe: 'prores422Mov',
        profileMode: 'advanced',
        capabilities: ['video', 'audio', 'subclip'],
        overrideStartTimecode: true,
        startTimecode: '05:00:00:00',
      },
    });
    expect(created.statusCode).toBe(201);
    const done = await subclipOf(palId, created.json<Preset>().id, 50, 75);
    expect(timecodeOf(await storedReport(tt, done))).toBe('05:00:00:00');
  });
});
