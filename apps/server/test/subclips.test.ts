import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, type AnalysisState, type Preset } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDto } from '../src/modules/items/items.presenter.ts';
import { originalKey } from '../src/modules/items/renditions.ts';
import { withLocalFile } from '../src/storage/local-file.ts';
import { newId } from '../src/lib/ids.ts';
import { nowIso } from '../src/lib/time.ts';
import { ffmpeg, useTempFolder } from './media/fixtures.ts';
import { closestFrame, decodedFrames, makeNumberedClip, range } from './media/numbered-frames.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeItem } from './support/items.ts';
import { renderHelpers } from './support/renders.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

// Subclips rendered for real: a worker in this process runs the render and then the new item's
// transcoding, both with the real ffmpeg.
let t: TestApp;
const root = useTempFolder();
let numbered: Buffer;
let mute: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  numbered = await readFile(await makeNumberedClip(path.join(root(), 'numbered.mp4'), 600));
  const muteFile = path.join(root(), 'mute.mp4');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', muteFile],
  ]);
  mute = await readFile(muteFile);
}, 120_000);
afterAll(async () => t.close());

const SUBCLIPPER = ['analytics.subclip' as const];

interface Started {
  renderId: string;
  item: ItemDto;
}

const { itemOf, settled, processedSource, presetOf } = renderHelpers(() => t);

const subclip = (user: TestUser, sourceId: string, body: object) =>
  t.call({ method: 'POST', url: `/api/v1/items/${sourceId}/subclips`, cookie: user.cookie, body });

/** The frames of the item's leading version, decoded from its stored file. */
const renderedFrames = (tt: TestTenant, item: ItemDto) =>
  withLocalFile(
    t.services.blobs,
    originalKey(tt.tenant.id, item.id, item.leadingVersionId ?? ''),
    decodedFrames,
  );

describe('subclips (analytics.subclip)', { timeout: 180_000 }, () => {
  let tt: TestTenant;
  let editor: TestUser;
  let sourceId: string;
  beforeAll(async () => {
    tt = await makeTenant(t);
    editor = await makeUser(t, tt, { permissions: SUBCLIPPER });
    sourceId = await processedSource(tt, numbered);
  }, 120_000);

  it.each([
    ['web-h264', 'mp4'],
    ['broadcast-xdcam-hd422', 'mxf'],
  ])(
    'renders frames 250 to 500 through %s into a new item beside its source, frame-accurately, with real progress',
    async (presetId, extension) => {
      const preset = await presetOf(editor, presetId);
      const states: AnalysisState[] = [];
      const stop = t.services.itemEvents.subscribe((e) => states.push(e.transcoding));
      const res = await subclip(editor, sourceId, { presetId: preset.id, inFrame: 250, outFrame: 500 });
      expect(res.statusCode).toBe(202);
      const started = res.json<Started>();
      const source = await itemOf(tt, sourceId);
      // The item exists at once, beside its source, owned by whoever asked, its media on the way.
      expect(started.item).toMatchObject({
        title: `${source.title} 00:00:10:00–00:00:20:00`,
        folderId: source.folderId,
        owner: { id: editor.id },
        leadingVersionId: null,
      });
      expect(['initiated', 'progressing']).toContain(started.item.transcoding.state);

      const done = await settled(tt, started.item.id);
      stop();
      expect(done.transcoding).toMatchObject({ state: 'complete', errorMessage: null });
      expect(done.renderedFrom).toEqual({ sourceItemId: sourceId });
      // A file name holds no colons: other systems refuse them.
      expect(done.versions[0]?.filename).toBe(`${source.title} 00-00-10-00–00-00-20-00.${extension}`);
      expect(done.technicalMetadata?.durationSeconds).toBeCloseTo(10, 1);
      // ffmpeg's progress went through the item's state on its way to complete.
      const progress = states.filter((s) => s.state === 'progressing').map((s) => s.progress);
      expect(progress.some((p) => p > 0 && p < 100)).toBe(true);

      const sourceFrames = await decodedFrames(path.join(root(), 'numbered.mp4'));
      const frames = await renderedFrames(tt, done);
      expect(frames).toHaveLength(250);
      expect(closestFrame(frames[0] ?? Buffer.alloc(0), sourceFrames, range(0, 600))).toBe(250);
      expect(closestFrame(frames[249] ?? Buffer.alloc(0), sourceFrames, range(0, 600))).toBe(499);
    },
  );

  it('keeps the preset it was made with (spec §5: used for subclipping)', async () => {
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const own = await t.call({
      method: 'POST',
      url: '/api/v1/presets',
      cookie: admin.cookie,
      body: {
        presetId: 'desk',
        name: 'Desk',
        recipe: 'h264Mp4',
        profileMode: 'generic',
        capabilities: ['video', 'audio', 'subclip'],
      },
    });
    const preset = own.json<Preset>();
    const res = await subclip(editor, sourceId, { presetId: preset.id, inFrame: 0, outFrame: 25 });
    await settled(tt, res.json<Started>().item.id);
    const del = await t.call({ method: 'DELETE', url: `/api/v1/presets/${preset.id}`, cookie: admin.cookie });
    expect(del.statusCode).toBe(409);
    expect(errorOf(del).message).toBe(MESSAGES.presetUsedForSubclipping);
  });

  it('queues again, when the worker starts, a render whose job a crash never queued', async () => {
    const web = await presetOf(editor, 'web-h264');
    const [renderId, itemId, versionId] = [newId(), newId(), newId()];
    const source = await itemOf(tt, sourceId);
    // What the request writes before queueing the job, and nothing after it.
    await t.services.itemIntake.announce(
      {
        tenantId: tt.tenant.id,
        itemId,
        folderId: source.folderId,
        userId: editor.id,
        title: 'Lost',
        itemType: 'video',
      },
      (trx) =>
        trx
          .insertInto('renders')
          .values({
            id: renderId,
            tenant_id: tt.tenant.id,
            kind: 'subclip',
            source_item_id: sourceId,
            preset_id: web.id,
            target_item_id: itemId,
            target_version_id: versionId,
            recipe: 'h264Mp4',
            start_timecode: null,
            in_frame: 0,
            out_frame: 25,
            created_by: editor.id,
            created_at: nowIso(),
          })
          .execute()
          .then(() => undefined),
    );
    await t.services.processingService.requeueUnfinished();
    const done = await settled(tt, itemId);
    expect(done.transcoding.state).toBe('complete');
    expect(done.leadingVersionId).toBe(versionId);
  });

  it('ends a render the source cannot give in error, saying why in the user’s words', async () => {
    const silent = await processedSource(tt, mute);
    const wav = await presetOf(editor, 'audio-wav');
    const res = await subclip(editor, silent, { presetId: wav.id, inFrame: 0, outFrame: 25 });
    expect(res.statusCode).toBe(202);
    const done = await settled(tt, res.json<Started>().item.id);
    expect(done.transcoding).toMatchObject({ state: 'error', errorMessage: MESSAGES.renderSourceHasNoAudio });
  });

  it('refuses a preset that cannot make subclips, a range outside the source and a source not processed yet', async () => {
    const rewrap = await presetOf(editor, 'rewrap-mov');
    const web = await presetOf(editor, 'web-h264');
    const noCapability = await subclip(editor, sourceId, { presetId: rewrap.id, inFrame: 0, outFrame: 25 });
    expect(noCapability.statusCode).toBe(400);
    expect(errorOf(noCapability).message).toBe(MESSAGES.noPresetsWithCapabilities);
    for (const [inFrame, outFrame] of [
      [100, 100],
      [500, 250],
      [0, 601],
    ]) {
      const bad = await subclip(editor, sourceId, { presetId: web.id, inFrame, outFrame });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toEqual(['outFrame']);
    }
    const raw = await makeItem(t, tt, { ownerId: tt.root.user.id, original: mute, filename: 'raw.mp4' });
    const notReady = await subclip(editor, raw, { presetId: web.id, inFrame: 0, outFrame: 25 });
    expect(notReady.statusCode).toBe(409);
    expect(errorOf(notReady).message).toBe(MESSAGES.renderSourceNotReady);
  });

  it('answers 401 without a session, 404 for another tenant’s item, 403 without analytics.subclip and 400 naming the field', async () => {
    const web = await presetOf(editor, 'web-h264');
    const body = { presetId: web.id, inFrame: 0, outFrame: 25 };
    const url = `/api/v1/items/${sourceId}/subclips`;
    expect((await t.call({ method: 'POST', url, body })).statusCode).toBe(401);
    const stranger = await makeUser(t, await makeTenant(t), { permissions: SUBCLIPPER, roles: ['admin'] });
    expect((await subclip(stranger, sourceId, body)).statusCode).toBe(404);
    const viewer = await makeUser(t, tt, { permissions: ['item.update'] });
    expect((await subclip(viewer, sourceId, body)).statusCode).toBe(403);
    for (const [bad, field] of [
      [{ ...body, presetId: 'web' }, 'presetId'],
      [{ ...body, inFrame: -1 }, 'inFrame'],
      [{ ...body, outFrame: 1.5 }, 'outFrame'],
      [{ ...body, title: '' }, 'title'],
    ] as const) {
      const res = await subclip(editor, sourceId, bad);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    const notUuid = await t.call({
      method: 'POST',
      url: '/api/v1/items/x/subclips',
      cookie: editor.cookie,
      body,
    });
    expect(fieldsOf(notUuid)).toEqual(['id']);
  });
});
