import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDto } from '../src/modules/items/items.presenter.ts';
import { originalKey } from '../src/modules/items/renditions.ts';
import { withLocalFile } from '../src/storage/local-file.ts';
import { countedProbe, makeClip, packetsDigest, useTempFolder, type Probed } from './media/fixtures.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { renderHelpers } from './support/renders.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

// Whole items rendered for real: a worker in this process runs the render and then the new item's
// transcoding, both with the real ffmpeg.
let t: TestApp;
const root = useTempFolder();
/** 4 s of MPEG-2 and 48 kHz PCM in MXF (100 frames at 25 fps): streams an MXF re-wrap can copy. */
let sourceFile: string;
let original: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  sourceFile = await makeClip(path.join(root(), 'source.mxf'), {
    output: [
      ...['-c:v', 'mpeg2video', '-g', '12', '-b:v', '4M'],
      ...['-c:a', 'pcm_s16le', '-ar', '48000', '-ac', '2', '-f', 'mxf'],
    ],
  });
  original = await readFile(sourceFile);
}, 120_000);
afterAll(async () => t.close());

const RENDERER = ['analytics.subclip' as const, 'item.create' as const];

const { itemOf, settled, processedSource, presetOf, licensedSource, expectRightsQuestion, rightsOf } =
  renderHelpers(() => t);

const renderWhole = (user: TestUser | undefined, sourceId: string, body: object) =>
  t.call({ method: 'POST', url: `/api/v1/items/${sourceId}/renders`, cookie: user?.cookie, body });

/** The stored file of the item's leading version, probed with every frame counted, and its video packets' digest. */
const renderedFile = (tt: TestTenant, item: ItemDto) =>
  withLocalFile(
    t.services.blobs,
    originalKey(tt.tenant.id, item.id, item.leadingVersionId ?? ''),
    async (file) => ({
      report: await countedProbe(file),
      videoPackets: await packetsDigest(file, 'v:0'),
      audioPackets: await packetsDigest(file, 'a:0'),
    }),
  );

/** The picture and sound streams (a timecode track aside): type, codec and counted frames. */
const streamsOf = (p: Probed) =>
  p.streams
    .filter((s) => s.codec_type === 'video' || s.codec_type === 'audio')
    .map((s) => [s.codec_type, s.codec_name, s.nb_read_frames]);

describe('whole-item renders (analytics.subclip and item.create)', { timeout: 180_000 }, () => {
  let tt: TestTenant;
  let editor: TestUser;
  let sourceId: string;
  beforeAll(async () => {
    tt = await makeTenant(t);
    editor = await makeUser(t, tt, { permissions: RENDERER });
    sourceId = await processedSource(tt, original, { title: 'Interview' });
  }, 120_000);

  it('re-wraps all of an item into MXF through the built-in re-wrap preset: its streams copied, not re-encoded', async () => {
    const preset = await presetOf(editor, 'rewrap-mxf');
    const res = await renderWhole(editor, sourceId, { presetId: preset.id });
    expect(res.statusCode).toBe(202);
    const { item } = res.json<{ renderId: string; item: ItemDto }>();
    const source = await itemOf(tt, sourceId);
    // The item exists at once, beside its source, owned by whoever asked, its media on the way.
    expect(item).toMatchObject({
      title: 'Interview (Re-wrap to MXF)',
      folderId: source.folderId,
      owner: { id: editor.id },
      itemType: 'video',
    });
    const done = await settled(tt, item.id);
    expect(done.transcoding.state).toBe('complete');
    expect(done.versions[0]?.filename).toBe('Interview (Re-wrap to MXF).mxf');
    // Relations links it to its source; the source itself was rendered from nothing.
    expect(done.renderedFrom).toEqual({ sourceItemId: sourceId });
    expect(source.renderedFrom).toBeNull();
    const rendered = await renderedFile(tt, done);
    const sourceReport = await countedProbe(sourceFile);
    expect(rendered.report.format.format_name).toBe('mxf');
    expect(streamsOf(rendered.report)).toEqual(streamsOf(sourceReport));
    expect(streamsOf(rendered.report)).toEqual([
      ['video', 'mpeg2video', '100'],
      ['audio', 'pcm_s16le', expect.any(String)],
    ]);
    expect(Number(rendered.report.format.duration)).toBeCloseTo(Number(sourceReport.format.duration), 1);
    expect(rendered.videoPackets).toBe(await packetsDigest(sourceFile, 'v:0'));
    expect(rendered.audioPackets).toBe(await packetsDigest(sourceFile, 'a:0'));
  });

  it('renders all of an item through the web preset: H.264 and AAC in MP4, every frame kept', async () => {
    const preset = await presetOf(editor, 'web-h264');
    const res = await renderWhole(editor, sourceId, { presetId: preset.id, title: 'For the web' });
    expect(res.statusCode).toBe(202);
    const done = await settled(tt, res.json<{ item: ItemDto }>().item.id);
    expect(done).toMatchObject({ title: 'For the web', transcoding: { state: 'complete' } });
    const { report } = await renderedFile(tt, done);
    expect(report.format.format_name).toContain('mp4');
    expect(streamsOf(report)).toEqual([
      ['video', 'h264', '100'],
      ['audio', 'aac', expect.any(String)],
    ]);
    expect(Number(report.format.duration)).toBeCloseTo(4, 1);
  });

  it('keeps a tenant’s own preset once an item was rendered through it', async () => {
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const own = await t.call({
      method: 'POST',
      url: '/api/v1/presets',
      cookie: admin.cookie,
      body: {
        presetId: 'desk-rewrap',
        name: 'Desk re-wrap',
        recipe: 'rewrapMov',
        profileMode: 'rewrap',
        capabilities: ['video', 'audio'],
      },
    });
    expect(own.statusCode).toBe(201);
    const preset = own.json<{ id: string }>();
    const res = await renderWhole(editor, sourceId, { presetId: preset.id });
    expect(res.statusCode).toBe(202);
    expect((await settled(tt, res.json<{ item: ItemDto }>().item.id)).transcoding.state).toBe('complete');
    const del = await t.call({ method: 'DELETE', url: `/api/v1/presets/${preset.id}`, cookie: admin.cookie });
    expect(del.statusCode).toBe(409);
    expect(errorOf(del).message).toBe(MESSAGES.presetUsedForSubclipping);
  });

  it('refuses a preset without the source’s kind of media and a source not processed yet', async () => {
    const wav = await presetOf(editor, 'audio-wav');
    const noPicture = await renderWhole(editor, sourceId, { presetId: wav.id });
    expect(noPicture.statusCode).toBe(400);
    expect(errorOf(noPicture)).toMatchObject({
      message: MESSAGES.noPresetsWithCapabilities,
      details: [{ field: 'presetId' }],
    });
    const presets = await t.call({
      method: 'GET',
      url: '/api/v1/presets?need=video',
      cookie: editor.cookie,
    });
    expect(presets.json<{ items: { presetId: string }[] }>().items.map((p) => p.presetId)).toContain(
      'rewrap-mxf',
    );
  });

  it('asks before rendering material whose rights expired, and the new item carries its source’s usage rules', async () => {
    const own = await makeTenant(t);
    const ownAdmin = await makeUser(t, own, { roles: ['admin'] });
    const ownEditor = await makeUser(t, own, { permissions: RENDERER });
    const licensed = await licensedSource(own, ownAdmin, original);
    const rewrap = await presetOf(ownEditor, 'rewrap-mov');
    expectRightsQuestion(await renderWhole(ownEditor, licensed, { presetId: rewrap.id }));
    const confirmed = await renderWhole(ownEditor, licensed, { presetId: rewrap.id, confirmRights: true });
    expect(confirmed.statusCode).toBe(202);
    const made = confirmed.json<{ item: ItemDto }>().item;
    expect(await rightsOf(ownAdmin, made.id)).toEqual({ holder: 'NTB' });
    expect((await settled(own, made.id)).transcoding.state).toBe('complete');
  });

  it('answers 401 without a session, 404 for another tenant’s item, 403 without either permission and 400 naming the field', async () => {
    const web = await presetOf(editor, 'web-h264');
    const body = { presetId: web.id };
    expect((await renderWhole(undefined, sourceId, body)).statusCode).toBe(401);
    const stranger = await makeUser(t, await makeTenant(t), { permissions: RENDERER, roles: ['admin'] });
    expect((await renderWhole(stranger, sourceId, body)).statusCode).toBe(404);
    for (const permissions of [['analytics.subclip' as const], ['item.create' as const]]) {
      const partial = await makeUser(t, tt, { permissions });
      expect((await renderWhole(partial, sourceId, body)).statusCode).toBe(403);
    }
    for (const [bad, field] of [
      [{ presetId: 'web' }, 'presetId'],
      [{}, 'presetId'],
      [{ ...body, title: '' }, 'title'],
      [{ ...body, confirmRights: 'yes' }, 'confirmRights'],
    ] as const) {
      const res = await renderWhole(editor, sourceId, bad);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    expect(fieldsOf(await renderWhole(editor, 'x', body))).toEqual(['id']);
  });
});
