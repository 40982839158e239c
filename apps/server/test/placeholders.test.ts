import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDto } from '../src/modules/items/items.presenter.ts';
import { originalKey } from '../src/modules/items/renditions.ts';
import { COPY_STARTED } from '../src/modules/rendering/placeholders.copy-job.ts';
import { requeueInitiatedCopies } from '../src/modules/rendering/placeholders.copy-requeue.ts';
import { makeClip, useTempFolder } from './media/fixtures.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeItem } from './support/items.ts';
import { errorOf, fieldsOf, routeCases, type RouteCase } from './support/responses.ts';
import { renderHelpers } from './support/renders.ts';

// Placeholders filled for real: a worker in this process runs the render or the copy, then the
// placeholder's transcoding, with the real ffmpeg.
let t: TestApp;
const root = useTempFolder();
let clip: Buffer;
let mute: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  clip = await readFile(await makeClip(path.join(root(), 'clip.mp4'), { seconds: 2 }));
  mute = await readFile(await makeClip(path.join(root(), 'mute.mp4'), { seconds: 2, audio: false }));
}, 120_000);
afterAll(async () => t.close());

const EDITOR = ['item.createPlaceholder', 'item.copyMedia', 'analytics.subclip'] as const;

interface Scene {
  tt: TestTenant;
  editor: TestUser;
  rootFolder: string;
}

async function scene(): Promise<Scene> {
  const tt = await makeTenant(t);
  const editor = await makeUser(t, tt, { permissions: [...EDITOR] });
  const rootFolder = (await t.services.foldersService.rootRow(tt.tenant.id, tt.root.user.id)).id;
  return { tt, editor, rootFolder };
}

const call = (user: TestUser | undefined, method: RouteCase['method'], url: string, body?: object) =>
  t.call({ method, url, cookie: user?.cookie, ...(body ? { body } : {}) });

async function placeholder(s: Scene, itemType = 'video', title = 'Tonight’s opener'): Promise<ItemDto> {
  const res = await call(s.editor, 'POST', '/api/v1/placeholders', {
    folderId: s.rootFolder,
    itemType,
    title,
  });
  expect(res.statusCode).toBe(201);
  return res.json<ItemDto>();
}

const {
  itemOf,
  settled,
  processedSource: processed,
  presetOf,
  licensedSource,
  expectRightsQuestion,
} = renderHelpers(() => t);

const originalOf = async (tt: TestTenant, item: ItemDto) => {
  const blob = await t.services.blobs.get(originalKey(tt.tenant.id, item.id, item.leadingVersionId ?? ''));
  return blob ? await buffer(blob.body) : Buffer.alloc(0);
};

describe('placeholders (item.createPlaceholder)', { timeout: 180_000 }, () => {
  it('creates an item before its media exists, with the create placeholder view’s values', async () => {
    const s = await scene();
    const res = await call(s.editor, 'POST', '/api/v1/placeholders', {
      folderId: s.rootFolder,
      itemType: 'video',
      title: 'Election night',
      formValues: { common: { description: 'Package for the 21:00 news' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<ItemDto>()).toMatchObject({
      title: 'Election night',
      description: 'Package for the 21:00 news',
      itemType: 'video',
      owner: { id: s.editor.id },
      leadingVersionId: null,
      versions: [],
      transcoding: { state: null },
    });
    const bad = await call(s.editor, 'POST', '/api/v1/placeholders', {
      folderId: s.rootFolder,
      itemType: 'video',
      title: 'x',
      formValues: { nosuchform: { a: 'b' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['formValues.nosuchform']);
  });

  it('is filled by a central render request: a subclip rendered into it', async () => {
    const s = await scene();
    const source = await processed(s.tt, clip);
    const target = await placeholder(s);
    const web = await presetOf(s.editor, 'web-h264');
    const url = `/api/v1/items/${target.id}/render-request`;
    const res = await call(s.editor, 'POST', url, {
      sourceItemId: source,
      presetId: web.id,
      inFrame: 0,
      outFrame: 25,
    });
    expect(res.statusCode).toBe(202);
    expect(['initiated', 'progressing']).toContain(res.json<{ item: ItemDto }>().item.transcoding.state);
    const done = await settled(s.tt, target.id);
    expect(done.transcoding).toMatchObject({ state: 'complete', errorMessage: null });
    expect(done.id).toBe(target.id);
    expect(done.technicalMetadata?.durationSeconds).toBeCloseTo(1, 1);
    // Filled: no request is left, and the placeholder takes no more media.
    const after = await call(s.editor, 'GET', url);
    expect(after.statusCode).toBe(404);
    expect(errorOf(after).message).toBe(MESSAGES.noCentralRenderRequest);
    const again = await call(s.editor, 'POST', url, {
      sourceItemId: source,
      presetId: web.id,
      inFrame: 0,
      outFrame: 25,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(MESSAGES.placeholderHasMedia);
  });

  it('asks before a central render request renders material whose usage rights expired', async () => {
    const s = await scene();
    const admin = await makeUser(t, s.tt, { roles: ['admin'] });
    const source = await licensedSource(s.tt, admin, clip);
    const target = await placeholder(s);
    const web = await presetOf(s.editor, 'web-h264');
    const url = `/api/v1/items/${target.id}/render-request`;
    const body = { sourceItemId: source, presetId: web.id, inFrame: 0, outFrame: 25 };
    expectRightsQuestion(await call(s.editor, 'POST', url, body));
    expect((await call(s.editor, 'GET', url)).statusCode).toBe(404);
    const confirmed = await call(s.editor, 'POST', url, { ...body, confirmRights: true });
    expect(confirmed.statusCode).toBe(202);
    expect((await settled(s.tt, target.id)).transcoding.state).toBe('complete');
  });

  it('deletes a failed central render request, and refuses one being rendered', async () => {
    const s = await scene();
    const silent = await processed(s.tt, mute);
    const target = await placeholder(s, 'audio', 'Sound bite');
    const wav = await presetOf(s.editor, 'audio-wav');
    const url = `/api/v1/items/${target.id}/render-request`;
    const res = await call(s.editor, 'POST', url, {
      sourceItemId: silent,
      presetId: wav.id,
      inFrame: 0,
      outFrame: 25,
    });
    expect(res.statusCode).toBe(202);
    const failed = await settled(s.tt, target.id);
    expect(failed.transcoding).toMatchObject({
      state: 'error',
      errorMessage: MESSAGES.renderSourceHasNoAudio,
    });
    expect((await call(s.editor, 'GET', url)).json()).toMatchObject({
      sourceItemId: silent,
      presetId: wav.id,
      inFrame: 0,
      outFrame: 25,
    });

    // While a render runs it cannot be stopped halfway.
    await t.services.processingService.setState('transcoding', s.tt.tenant.id, target.id, {
      state: 'progressing',
      progress: 40,
      errorMessage: null,
    });
    const running = await call(s.editor, 'DELETE', url);
    expect(running.statusCode).toBe(409);
    expect(errorOf(running).message).toBe(MESSAGES.cancelCentralRenderFailed);

    await t.services.processingService.setState('transcoding', s.tt.tenant.id, target.id, {
      state: 'error',
      progress: 0,
      errorMessage: MESSAGES.renderSourceHasNoAudio,
    });
    expect((await call(s.editor, 'DELETE', url)).statusCode).toBe(204);
    expect((await itemOf(s.tt, target.id)).transcoding.state).toBeNull();
    const gone = await call(s.editor, 'DELETE', url);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).message).toBe(MESSAGES.noCentralRenderRequest);
  });

  it('receives a copy of another item’s media (copyMedia), processed as an upload', async () => {
    const s = await scene();
    const source = await processed(s.tt, clip);
    const target = await placeholder(s);
    const res = await call(s.editor, 'POST', `/api/v1/items/${target.id}/copy-media`, {
      sourceItemId: source,
    });
    expect(res.statusCode).toBe(202);
    const done = await settled(s.tt, target.id);
    expect(done.transcoding.state).toBe('complete');
    expect(done.versions).toHaveLength(1);
    expect(done.versions[0]?.filename).toBe('source.mp4');
    expect((await originalOf(s.tt, done)).equals(clip)).toBe(true);
    // The source keeps its own.
    expect((await itemOf(s.tt, source)).leadingVersionId).not.toBe(done.leadingVersionId);

    const full = await call(s.editor, 'POST', `/api/v1/items/${target.id}/copy-media`, {
      sourceItemId: source,
    });
    expect(full.statusCode).toBe(409);
    expect(errorOf(full).message).toBe(MESSAGES.placeholderHasMedia);
    const empty = await placeholder(s, 'image', 'Empty');
    const other = await placeholder(s, 'image', 'Other');
    const nothing = await call(s.editor, 'POST', `/api/v1/items/${other.id}/copy-media`, {
      sourceItemId: empty.id,
    });
    expect(nothing.statusCode).toBe(400);
    expect(fieldsOf(nothing)).toEqual(['sourceItemId']);
  });

  it('queues again at start a copy recorded but never queued (the process died before the queue took it)', async () => {
    const s = await scene();
    const source = await processed(s.tt, clip);
    const target = await placeholder(s);
    const sourceVersionId = (await itemOf(s.tt, source)).leadingVersionId ?? '';
    // What copyMedia writes before it queues the job: the start in the history, the state initiated.
    await t.services.itemsRepository.addHistory(t.services.itemsRepository.executor, [
      {
        tenantId: s.tt.tenant.id,
        itemId: target.id,
        actorId: s.editor.id,
        action: COPY_STARTED,
        details: { versionId: randomUUID(), sourceItemId: source, sourceVersionId },
        at: new Date().toISOString(),
      },
    ]);
    await t.services.processingService.setState('transcoding', s.tt.tenant.id, target.id, {
      state: 'initiated',
      progress: 0,
      errorMessage: null,
    });
    const deps = { db: t.services.db, queue: t.services.queue };
    // Two starts at once (both find the copy initiated before either queues it): one job, the same
    // id twice, not a second one. Asked one after the other, the second could find the job already
    // running (no longer initiated) and rightly queue nothing.
    const [first, again] = await Promise.all([requeueInitiatedCopies(deps), requeueInitiatedCopies(deps)]);
    expect(first).toHaveLength(1);
    expect(again).toEqual(first);
    const done = await settled(s.tt, target.id);
    expect(done.transcoding.state).toBe('complete');
    expect((await originalOf(s.tt, done)).equals(clip)).toBe(true);
    expect(await requeueInitiatedCopies(deps)).not.toEqual(expect.arrayContaining(first));
  });

  const routes: RouteCase[] = [
    { route: 'POST placeholders', method: 'POST', url: () => '/api/v1/placeholders' },
    { route: 'GET render-request', method: 'GET', url: (id) => `/api/v1/items/${id}/render-request` },
    { route: 'POST render-request', method: 'POST', url: (id) => `/api/v1/items/${id}/render-request` },
    { route: 'DELETE render-request', method: 'DELETE', url: (id) => `/api/v1/items/${id}/render-request` },
    { route: 'POST copy-media', method: 'POST', url: (id) => `/api/v1/items/${id}/copy-media` },
  ];

  it.each(routeCases(routes))(
    '%s answers 401 without a session, 404 for another tenant, 403 without the permission',
    async (_, r) => {
      const s = await scene();
      const target = await placeholder(s);
      const source = await makeItem(t, s.tt, { ownerId: s.editor.id, original: clip });
      const web = await presetOf(s.editor, 'web-h264');
      const bodies: Record<string, object> = {
        'POST placeholders': { folderId: s.rootFolder, itemType: 'video', title: 'x' },
        'POST render-request': { sourceItemId: source, presetId: web.id, inFrame: 0, outFrame: 25 },
        'POST copy-media': { sourceItemId: source },
      };
      const body = bodies[r.route];
      expect((await call(undefined, r.method, r.url(target.id), body)).statusCode).toBe(401);
      const strangers = await scene();
      const stranger = await makeUser(t, strangers.tt, { permissions: [...EDITOR], roles: ['admin'] });
      // Another tenant's placeholder, or (creating) another tenant's folder.
      expect((await call(stranger, r.method, r.url(target.id), body)).statusCode).toBe(404);
      const viewer = await makeUser(t, s.tt, { permissions: [] });
      expect((await call(viewer, r.method, r.url(target.id), body)).statusCode).toBe(403);
    },
  );

  it('answers 400 naming the field', async () => {
    const s = await scene();
    const target = await placeholder(s);
    for (const [url, body, field] of [
      ['/api/v1/placeholders', { folderId: s.rootFolder, itemType: 'folder', title: 'x' }, 'itemType'],
      ['/api/v1/placeholders', { folderId: s.rootFolder, itemType: 'video', title: '' }, 'title'],
      [
        `/api/v1/items/${target.id}/render-request`,
        { sourceItemId: 'x', presetId: s.rootFolder, inFrame: 0, outFrame: 1 },
        'sourceItemId',
      ],
      [
        `/api/v1/items/${target.id}/render-request`,
        { sourceItemId: s.rootFolder, presetId: s.rootFolder, inFrame: -1, outFrame: 1 },
        'inFrame',
      ],
      [`/api/v1/items/${target.id}/copy-media`, { sourceItemId: 'nope' }, 'sourceItemId'],
    ] as const) {
      const res = await call(s.editor, 'POST', url, body);
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    const notUuid = await call(s.editor, 'DELETE', '/api/v1/items/x/render-request');
    expect(fieldsOf(notUuid)).toEqual(['id']);
  });
});
