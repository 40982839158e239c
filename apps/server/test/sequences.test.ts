import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, type AnalysisState } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDto } from '../src/modules/items/items.presenter.ts';
import { originalKey } from '../src/modules/items/renditions.ts';
import { withLocalFile } from '../src/storage/local-file.ts';
import { ffmpeg, ffprobe, makeClip, stream, useTempFolder } from './media/fixtures.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeItem } from './support/items.ts';
import { renderHelpers } from './support/renders.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

// Sequences saved and exported for real: the worker in this process joins the clips with the real
// ffmpeg, then transcodes the new item.
let t: TestApp;
const root = useTempFolder();
const { settled, processedSource, presetOf, licensedSource, expectRightsQuestion, rightsOf } = renderHelpers(
  () => t,
);
let small: Buffer;
let wide: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  // Two sources of different formats: 320×180 at 25 fps with AAC sound in MP4, and 640×360 at
  // 29.97 fps without sound in QuickTime.
  small = await readFile(
    await makeClip(path.join(root(), 'small.mp4'), { width: 320, height: 180, seconds: 4 }),
  );
  const wideFile = path.join(root(), 'wide.mov');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30000/1001:duration=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', wideFile],
  ]);
  wide = await readFile(wideFile);
}, 120_000);
afterAll(async () => t.close());

const EDITOR = ['item.create' as const, 'item.exportSequence' as const];

interface Started {
  renderId: string;
  item: ItemDto;
}

const post = (user: TestUser | undefined, url: string, body: object) =>
  t.call({ method: 'POST', url, body, ...(user ? { cookie: user.cookie } : {}) });

describe('sequences (clip lists) and their export (item.exportSequence)', { timeout: 240_000 }, () => {
  let tt: TestTenant;
  let editor: TestUser;
  let smallId: string;
  let wideId: string;
  beforeAll(async () => {
    tt = await makeTenant(t);
    editor = await makeUser(t, tt, { permissions: EDITOR });
    smallId = await processedSource(tt, small, { title: 'Small' });
    wideId = await processedSource(tt, wide, { title: 'Wide' });
  }, 120_000);

  const clips = () => [
    { sourceItemId: smallId, inFrame: 25, outFrame: 75 },
    { sourceItemId: wideId, inFrame: 0, outFrame: 60 },
    { sourceItemId: smallId, inFrame: 0, outFrame: 25 },
  ];

  it('saves a clip list of two sources as a sequence item, and answers its clips in order', async () => {
    const res = await post(editor, '/api/v1/sequences', { title: 'Package', clips: clips() });
    expect(res.statusCode).toBe(201);
    const sequence = res.json<ItemDto>();
    expect(sequence).toMatchObject({ itemType: 'sequence', title: 'Package', leadingVersionId: null });
    const read = await t.call({
      method: 'GET',
      url: `/api/v1/items/${sequence.id}/sequence`,
      cookie: editor.cookie,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json<{ clips: unknown[] }>().clips).toEqual([
      { ...clips()[0], title: 'Small', frameRate: { numerator: 25, denominator: 1 }, sourceFrames: 100 },
      { ...clips()[1], title: 'Wide', frameRate: { numerator: 30000, denominator: 1001 }, sourceFrames: 90 },
      { ...clips()[2], title: 'Small', frameRate: { numerator: 25, denominator: 1 }, sourceFrames: 100 },
    ]);
    // A clip list has no file: spec §8 'Cannot download sequence'.
    const download = await t.call({
      method: 'GET',
      url: `/api/v1/items/${sequence.id}/download`,
      cookie: editor.cookie,
    });
    expect(errorOf(download).message).toBe(MESSAGES.cannotDownloadSequence);
  });

  it('edits a saved sequence: the same item gets the new clip list, its history says so, and the rules of a new one hold', async () => {
    const sequence = (
      await post(editor, '/api/v1/sequences', { title: 'Edit me', clips: clips() })
    ).json<ItemDto>();
    const url = `/api/v1/items/${sequence.id}/sequence`;
    const put = (user: TestUser, body: object) => t.call({ method: 'PUT', url, body, cookie: user.cookie });
    // Reordered, one removed, one trimmed, one added.
    const edited = [
      { sourceItemId: wideId, inFrame: 10, outFrame: 40 },
      { sourceItemId: smallId, inFrame: 25, outFrame: 75 },
      { sourceItemId: smallId, inFrame: 80, outFrame: 100 },
    ];
    const res = await put(editor, { clips: edited });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ clips: unknown[] }>().clips).toEqual([
      { ...edited[0], title: 'Wide', frameRate: { numerator: 30000, denominator: 1001 }, sourceFrames: 90 },
      { ...edited[1], title: 'Small', frameRate: { numerator: 25, denominator: 1 }, sourceFrames: 100 },
      { ...edited[2], title: 'Small', frameRate: { numerator: 25, denominator: 1 }, sourceFrames: 100 },
    ]);
    const read = await t.call({ method: 'GET', url, cookie: editor.cookie });
    expect(read.json<{ clips: { sourceItemId: string }[] }>().clips.map((c) => c.sourceItemId)).toEqual([
      wideId,
      smallId,
      smallId,
    ]);
    const history = await t.call({
      method: 'GET',
      url: `/api/v1/items/${sequence.id}/history`,
      cookie: editor.cookie,
    });
    expect(history.json<{ items: { action: string; details: object }[] }>().items[0]).toMatchObject({
      action: 'sequenceEdited',
      details: { clipsBefore: 3, clipsAfter: 3 },
    });

    // The rules of a new sequence, with the same messages; a refused edit leaves the clips as they were.
    const audio = await makeItem(t, tt, {
      ownerId: editor.id,
      itemType: 'audio',
      original: Buffer.from('a'),
    });
    const mixed = await put(editor, {
      clips: [...edited, { sourceItemId: audio, inFrame: 0, outFrame: 25 }],
    });
    expect(mixed.statusCode).toBe(400);
    expect(errorOf(mixed)).toMatchObject({
      message: MESSAGES.sequenceVideoOnly,
      details: [{ field: 'clips.3.sourceItemId', messageId: 'sequenceVideoOnly' }],
    });
    expect(
      fieldsOf(await put(editor, { clips: [{ sourceItemId: smallId, inFrame: 0, outFrame: 101 }] })),
    ).toEqual(['clips.0.outFrame']);
    expect(fieldsOf(await put(editor, { clips: [] }))).toEqual(['clips']);
    const unchanged = await t.call({ method: 'GET', url, cookie: editor.cookie });
    expect(unchanged.json<{ clips: unknown[] }>().clips).toHaveLength(3);
    // A video is not a sequence to edit.
    const notSequence = await t.call({
      method: 'PUT',
      url: `/api/v1/items/${smallId}/sequence`,
      body: { clips: edited },
      cookie: editor.cookie,
    });
    expect(errorOf(notSequence)).toMatchObject({
      message: MESSAGES.sequenceNotASequence,
      details: [{ field: 'id' }],
    });
  });

  it('lists what an export depends on: each source once with the parts used (item.dependenciesOnExportSequence)', async () => {
    const sequence = (
      await post(editor, '/api/v1/sequences', { title: 'Depends', clips: clips() })
    ).json<ItemDto>();
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/items/${sequence.id}/sequence/dependencies`,
      cookie: editor.cookie,
    });
    expect(res.statusCode).toBe(200);
    // Small's 25–75 and 0–25 touch: one part, 0–75.
    expect(res.json<{ dependencies: unknown[] }>().dependencies).toEqual([
      {
        sourceItemId: smallId,
        title: 'Small',
        fileName: 'source.mp4',
        frameRate: { numerator: 25, denominator: 1 },
        parts: [{ inFrame: 0, outFrame: 75 }],
      },
      {
        sourceItemId: wideId,
        title: 'Wide',
        fileName: 'source.mp4',
        frameRate: { numerator: 30000, denominator: 1001 },
        parts: [{ inFrame: 0, outFrame: 60 }],
      },
    ]);
  });

  it('exports sources of different formats through the web preset into a video of the summed length, with progress', async () => {
    const sequence = (
      await post(editor, '/api/v1/sequences', { title: 'Export me', clips: clips() })
    ).json<ItemDto>();
    const web = await presetOf(editor, 'web-h264');
    const states: AnalysisState[] = [];
    const stop = t.services.itemEvents.subscribe((e) => states.push(e.transcoding));
    const res = await post(editor, `/api/v1/items/${sequence.id}/sequence/export`, { presetId: web.id });
    expect(res.statusCode).toBe(202);
    const started = res.json<Started>();
    expect(started.item).toMatchObject({
      title: 'Export me',
      folderId: sequence.folderId,
      leadingVersionId: null,
    });
    const done = await settled(tt, started.item.id, 180_000);
    stop();
    expect(done.transcoding).toMatchObject({ state: 'complete', errorMessage: null });
    expect(states.some((s) => s.state === 'progressing')).toBe(true);
    // 2 s + 60 frames at 29.97 (2.002 s) + 1 s, at the first clip's size and rate.
    const report = await withLocalFile(
      t.services.blobs,
      originalKey(tt.tenant.id, done.id, done.leadingVersionId ?? ''),
      ffprobe,
    );
    expect(Number(report.format.duration)).toBeCloseTo(5.0, 1);
    expect(stream(report, 'video')).toMatchObject({
      codec_name: 'h264',
      width: 320,
      height: 180,
      r_frame_rate: '25/1',
    });
    expect(stream(report, 'audio')).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
  });

  it('refuses a sequence of anything but video (spec §5), a range outside its source and an empty list', async () => {
    const audio = await makeItem(t, tt, {
      ownerId: editor.id,
      itemType: 'audio',
      original: Buffer.from('a'),
    });
    const res = await post(editor, '/api/v1/sequences', {
      title: 'Mixed',
      clips: [...clips(), { sourceItemId: audio, inFrame: 0, outFrame: 25 }],
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      message: MESSAGES.sequenceVideoOnly,
      details: [{ field: 'clips.3.sourceItemId', messageId: 'sequenceVideoOnly' }],
    });
    const outside = await post(editor, '/api/v1/sequences', {
      title: 'Long',
      clips: [{ sourceItemId: smallId, inFrame: 0, outFrame: 101 }],
    });
    expect(fieldsOf(outside)).toEqual(['clips.0.outFrame']);
    const empty = await post(editor, '/api/v1/sequences', { title: 'Empty', clips: [] });
    expect(fieldsOf(empty)).toEqual(['clips']);
  });

  it('asks before rendering material whose rights expired, and the export carries its sources’ usage rules', async () => {
    const own = await makeTenant(t);
    const ownAdmin = await makeUser(t, own, { roles: ['admin'] });
    const ownEditor = await makeUser(t, own, { permissions: EDITOR });
    const licensed = await licensedSource(own, ownAdmin, small);
    const sequence = (
      await post(ownEditor, '/api/v1/sequences', {
        title: 'Licensed package',
        clips: [{ sourceItemId: licensed, inFrame: 0, outFrame: 25 }],
      })
    ).json<ItemDto>();
    const web = await presetOf(ownEditor, 'web-h264');
    const url = `/api/v1/items/${sequence.id}/sequence/export`;
    expectRightsQuestion(await post(ownEditor, url, { presetId: web.id }));
    const confirmed = await post(ownEditor, url, { presetId: web.id, confirmRights: true });
    expect(confirmed.statusCode).toBe(202);
    const made = confirmed.json<Started>().item;
    expect(await rightsOf(ownAdmin, made.id)).toEqual({ holder: 'NTB' });
    // The sequence itself carries them too.
    expect(await rightsOf(ownAdmin, sequence.id)).toEqual({ holder: 'NTB' });
    await settled(own, made.id, 180_000);
  });

  it('answers 401 without a session, 404 for another tenant’s items, 403 without the permission and 400 naming the field', async () => {
    const sequence = (
      await post(editor, '/api/v1/sequences', { title: 'Guarded', clips: clips() })
    ).json<ItemDto>();
    const web = await presetOf(editor, 'web-h264');
    const sequenceUrl = `/api/v1/items/${sequence.id}/sequence`;
    const exportUrl = `${sequenceUrl}/export`;
    const create = { title: 'X', clips: clips() };
    const put = (user: TestUser | undefined, body: object) =>
      t.call({ method: 'PUT', url: sequenceUrl, body, ...(user ? { cookie: user.cookie } : {}) });
    expect((await put(undefined, { clips: clips() })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: `${sequenceUrl}/dependencies` })).statusCode).toBe(401);
    expect((await post(undefined, '/api/v1/sequences', create)).statusCode).toBe(401);
    expect((await post(undefined, exportUrl, { presetId: web.id })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: `/api/v1/items/${sequence.id}/sequence` })).statusCode).toBe(
      401,
    );

    const stranger = await makeUser(t, await makeTenant(t), { permissions: EDITOR, roles: ['admin'] });
    expect((await post(stranger, '/api/v1/sequences', create)).statusCode).toBe(404);
    expect((await post(stranger, exportUrl, { presetId: web.id })).statusCode).toBe(404);
    const foreign = await t.call({
      method: 'GET',
      url: `/api/v1/items/${sequence.id}/sequence`,
      cookie: stranger.cookie,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await put(stranger, { clips: clips() })).statusCode).toBe(404);
    const foreignDependencies = await t.call({
      method: 'GET',
      url: `${sequenceUrl}/dependencies`,
      cookie: stranger.cookie,
    });
    expect(foreignDependencies.statusCode).toBe(404);

    const viewer = await makeUser(t, tt, { permissions: ['item.update'] });
    expect((await post(viewer, '/api/v1/sequences', create)).statusCode).toBe(403);
    expect((await post(viewer, exportUrl, { presetId: web.id })).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `${sequenceUrl}/dependencies`, cookie: viewer.cookie })).statusCode,
    ).toBe(403);
    // Editing needs the item to be updatable by the caller: the owner only, here.
    const ownersOnly = await makeItem(t, tt, {
      ownerId: editor.id,
      itemType: 'sequence',
      updatableBy: { level: 'owner', groups: [] },
    });
    const refused = await t.call({
      method: 'PUT',
      url: `/api/v1/items/${ownersOnly}/sequence`,
      body: { clips: clips() },
      cookie: viewer.cookie,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(MESSAGES.noUpdateThisItemPermission);

    for (const [bad, field] of [
      [{ ...create, title: '' }, 'title'],
      [{ ...create, clips: [{ sourceItemId: 'x', inFrame: 0, outFrame: 1 }] }, 'clips.0.sourceItemId'],
      [{ ...create, clips: [{ sourceItemId: smallId, inFrame: -1, outFrame: 1 }] }, 'clips.0.inFrame'],
    ] as const) {
      expect(fieldsOf(await post(editor, '/api/v1/sequences', bad))).toEqual([field]);
    }
    expect(fieldsOf(await post(editor, exportUrl, { presetId: 'web' }))).toEqual(['presetId']);
    expect(fieldsOf(await put(editor, { clips: [{ sourceItemId: 'x', inFrame: 0, outFrame: 1 }] }))).toEqual([
      'clips.0.sourceItemId',
    ]);
    expect(fieldsOf(await put(editor, {}))).toEqual(['clips']);
    const rewrap = await presetOf(editor, 'rewrap-mov');
    const noCapability = await post(editor, exportUrl, { presetId: rewrap.id });
    expect(errorOf(noCapability).message).toBe(MESSAGES.noPresetsWithCapabilities);
    // A video is not a sequence to export.
    const notSequence = await post(editor, `/api/v1/items/${smallId}/sequence/export`, { presetId: web.id });
    expect(errorOf(notSequence)).toMatchObject({
      message: MESSAGES.sequenceNotASequence,
      details: [{ field: 'id' }],
    });
  });
});
