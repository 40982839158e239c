import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import type { ItemDto, ItemSummaryDto } from '../src/modules/items/items.presenter.ts';
import { originalKey } from '../src/modules/items/renditions.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { addVersion, makeFolder, makeItem, revokeFromEveryone } from './support/items.ts';
import { errorOf, fieldsOf, routeCases, type RouteCase } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const call = (user: TestUser, method: RouteCase['method'], url: string, body?: object) =>
  t.call({ method, url, cookie: user.cookie, ...(body ? { body } : {}) });
const rootId = async (tt: TestTenant) =>
  (await t.services.foldersService.rootRow(tt.tenant.id, tt.root.user.id)).id;
const listIn = async (user: TestUser, folderId: string, query = '') =>
  (await call(user, 'GET', `/api/v1/items?folderId=${folderId}${query}`)).json<Page<ItemSummaryDto>>();
const getItem = async (user: TestUser, id: string) =>
  (await call(user, 'GET', `/api/v1/items/${id}`)).json<ItemDto>();
const NO_TECHNICAL = {
  durationSeconds: null,
  container: null,
  videoCodec: null,
  audioCodec: null,
  width: null,
  height: null,
  frameRate: null,
  bitrate: null,
};
/** A sequence (a clip list), or a virtual clip (a video playing a range of another item). */
async function makeSpecialItem(tt: TestTenant, ownerId: string, kind: 'sequence' | 'virtualClip') {
  if (kind === 'sequence') return makeItem(t, tt, { ownerId, itemType: 'sequence' });
  const source = await makeItem(t, tt, { ownerId, original: Buffer.from('source') });
  return makeItem(t, tt, { ownerId, clipOf: { sourceItemId: source, startMs: 1000, endMs: 5000 } });
}
const actions = async (user: TestUser, id: string) =>
  (await call(user, 'GET', `/api/v1/items/${id}/history`))
    .json<Page<{ action: string }>>()
    .items.map((h) => h.action);

describe('reading items', () => {
  it('answers an item with the spec’s fields, its placeholder and no media yet', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await makeItem(t, tt, { ownerId: user.id, title: 'Påskeintervju', itemType: 'audio' });
    const item = await getItem(user, id);
    expect(item).toMatchObject({
      id,
      itemType: 'audio',
      title: 'Påskeintervju',
      owner: { id: user.id, name: 'Test User' },
      createdBy: { id: user.id },
      resolvedThumbnailUrl: '/placeholders/audio.svg',
      isArchived: false,
      isDeleted: false,
      playback: null,
      media: null,
      technicalMetadata: null,
      transcoding: { state: null, enabled: false, errorMessage: null, progress: 0 },
      textDetection: { state: null },
      visibleTo: null,
      updatableBy: null,
      virtualClip: null,
      canUpdate: true,
      canDelete: true,
      canCreateVersion: false,
    });
  });

  it('tells the caller whether they may add a version: upload rights, item.version, and the updatable-by or the override', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt);
    const editor = await makeUser(t, tt, { permissions: ['item.create', 'item.version'] });
    const uploader = await makeUser(t, tt, { permissions: ['item.create'] });
    const open = await makeItem(t, tt, { ownerId: owner.id });
    const locked = await makeItem(t, tt, { ownerId: owner.id, updatableBy: { level: 'owner', groups: [] } });
    const may = async (user: TestUser, id: string) => (await getItem(user, id)).canCreateVersion;
    expect([await may(editor, open), await may(uploader, open), await may(owner, open)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(await may(editor, locked)).toBe(true);
    await revokeFromEveryone(t, tt, ['item.createVersionRegardlessOfUpdateControl']);
    expect(await may(editor, locked)).toBe(false);
    expect(await may(editor, open)).toBe(true);
  });

  it('answers a virtual clip with the range of the item it plays', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const source = await makeItem(t, tt, { ownerId: user.id, original: Buffer.from('source') });
    const clip = await makeItem(t, tt, {
      ownerId: user.id,
      clipOf: { sourceItemId: source, startMs: 12_500, endMs: 20_000 },
    });
    expect(await getItem(user, clip)).toMatchObject({
      itemType: 'video',
      virtualClip: { sourceItemId: source, startSeconds: 12.5, endSeconds: 20 },
      versions: [],
    });
  });

  it('lists a folder’s items sorted, paged and counted, with the id as tie-break', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const folder = await makeFolder(t, tt, 'Sorted');
    for (const title of ['Bravo', 'alpha', 'Élan', 'bravo']) {
      await makeItem(t, tt, { ownerId: user.id, folderId: folder.id, title });
    }
    const asc = await listIn(user, folder.id, '&sort=title');
    expect(asc.items.map((i) => i.title)).toEqual(['alpha', 'Bravo', 'bravo', 'Élan']);
    expect(asc.total).toBe(4);
    const desc = await listIn(user, folder.id, '&sort=title&order=desc&from=1&itemsPerPage=2');
    expect(desc.items.map((i) => i.title)).toEqual(['bravo', 'Bravo']);
    expect(desc.total).toBe(4);
  });

  it('never shows an item its access hides: not in the list, the count or by id', async () => {
    const tt = await makeTenant(t);
    const group = await t.services.groupsService.create(tt.root, { name: 'Sport' });
    const member = await makeUser(t, tt, { groupIds: [group.id] });
    const outsider = await makeUser(t, tt);
    const owner = await makeUser(t, tt);
    const folder = await makeFolder(t, tt, 'Mixed');
    const open = await makeItem(t, tt, { ownerId: owner.id, folderId: folder.id, title: 'Open' });
    const sport = await makeItem(t, tt, {
      ownerId: owner.id,
      folderId: folder.id,
      title: 'Sport only',
      visibleTo: { level: 'selected_groups', groups: [group.id] },
    });
    const own = await makeItem(t, tt, {
      ownerId: owner.id,
      folderId: folder.id,
      title: 'Owner only',
      visibleTo: { level: 'owner', groups: [] },
    });
    const seen = async (user: TestUser) => {
      const page = await listIn(user, folder.id);
      expect(page.total).toBe(page.items.length);
      return page.items.map((i) => i.id).sort();
    };
    expect(await seen(outsider)).toEqual([open]);
    expect(await seen(member)).toEqual([open, sport].sort());
    expect(await seen(owner)).toEqual([open, sport, own].sort());
    expect((await call(outsider, 'GET', `/api/v1/items/${sport}`)).statusCode).toBe(404);
    expect((await call(member, 'GET', `/api/v1/items/${own}`)).statusCode).toBe(404);
  });
});

describe('changing items', () => {
  it('renames and moves an item and records both in its history', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const target = await makeFolder(t, tt, 'Target');
    const id = await makeItem(t, tt, { ownerId: user.id, title: 'Old' });
    const res = await call(user, 'PATCH', `/api/v1/items/${id}`, { title: 'New', folderId: target.id });
    expect(res.statusCode).toBe(200);
    expect(res.json<ItemDto>()).toMatchObject({ title: 'New', folderId: target.id });
    expect(await actions(user, id)).toEqual(['moved', 'renamed']);
  });

  it("answers 'You don't have permission to update this item' when its updatable-by list leaves the caller out", async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt);
    const other = await makeUser(t, tt);
    const id = await makeItem(t, tt, {
      ownerId: owner.id,
      title: 'Locked',
      updatableBy: { level: 'owner', groups: [] },
    });
    const res = await call(other, 'PATCH', `/api/v1/items/${id}`, { title: 'Hacked' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(MESSAGES.noUpdateThisItemPermission);
    expect((await getItem(owner, id)).title).toBe('Locked');
  });

  it('moves several items at once and reports each one it could not move', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const owner = await makeUser(t, tt);
    const target = await makeFolder(t, tt, 'Target');
    const mine = await makeItem(t, tt, { ownerId: user.id });
    const locked = await makeItem(t, tt, { ownerId: owner.id, updatableBy: { level: 'owner', groups: [] } });
    const missing = randomUUID();
    const res = await call(user, 'POST', '/api/v1/items/move', {
      itemIds: [mine, locked, missing],
      folderId: target.id,
    });
    expect(res.json()).toEqual({
      moved: [mine],
      failed: [
        { id: locked, message: MESSAGES.noUpdateThisItemPermission },
        { id: missing, message: 'Item not found' },
      ],
    });
  });
});

describe('moving and deleting several items', () => {
  it('answers 404 for another tenant’s folder and moves nothing', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await makeItem(t, tt, { ownerId: user.id });
    const foreignFolder = await makeFolder(t, await makeTenant(t), 'Theirs');
    const res = await call(user, 'POST', '/api/v1/items/move', { itemIds: [id], folderId: foreignFolder.id });
    expect(res.statusCode).toBe(404);
    expect((await getItem(user, id)).folderId).toBe(await rootId(tt));
  });

  it('reports another tenant’s items as not found and leaves them where they are', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const target = await makeFolder(t, tt, 'Target');
    const foreign = await makeTenant(t);
    const theirs = await makeItem(t, foreign, { ownerId: foreign.root.user.id });
    const before = await t.services.itemsService.get(foreign.root, theirs);
    const moved = await call(user, 'POST', '/api/v1/items/move', { itemIds: [theirs], folderId: target.id });
    expect(moved.json()).toEqual({ moved: [], failed: [{ id: theirs, message: 'Item not found' }] });
    const deleted = await call(user, 'POST', '/api/v1/items/delete', { itemIds: [theirs] });
    expect(deleted.json()).toEqual({ deleted: [], failed: [{ id: theirs, message: 'Item not found' }] });
    expect(await t.services.itemsService.get(foreign.root, theirs)).toEqual(before);
  });

  it("sends several items to the recycle bin and reports each one it could not: 'No permission to delete items'", async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const owner = await makeUser(t, tt);
    const mine = await makeItem(t, tt, { ownerId: user.id });
    const theirs = await makeItem(t, tt, { ownerId: owner.id });
    const res = await call(user, 'POST', '/api/v1/items/delete', { itemIds: [mine, theirs] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      deleted: [mine],
      failed: [{ id: theirs, message: MESSAGES.noDeletePermission }],
    });
    expect((await getItem(user, mine)).isDeleted).toBe(true);
    expect((await getItem(user, theirs)).isDeleted).toBe(false);
  });
});

describe('the recycle bin', () => {
  it('takes a deleted item out of its folder and gives it back on restore', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const folder = await makeFolder(t, tt, 'News');
    const id = await makeItem(t, tt, { ownerId: user.id, folderId: folder.id });
    expect((await call(user, 'DELETE', `/api/v1/items/${id}`)).statusCode).toBe(204);
    expect((await listIn(user, folder.id)).total).toBe(0);
    const bin = (await call(user, 'GET', '/api/v1/recycle-bin')).json<Page<ItemSummaryDto>>();
    expect(bin.items).toMatchObject([{ id, isDeleted: true }]);
    const restored = await call(user, 'POST', `/api/v1/items/${id}/restore`);
    expect(restored.json<ItemDto>()).toMatchObject({ isDeleted: false, folderId: folder.id });
    expect((await listIn(user, folder.id)).total).toBe(1);
    expect(await actions(user, id)).toEqual(['restored', 'deleted']);
  });

  it('restores into the root when the item’s folder is gone', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const folder = await makeFolder(t, tt, 'Doomed');
    const id = await makeItem(t, tt, { ownerId: user.id, folderId: folder.id });
    await call(user, 'DELETE', `/api/v1/folders/${folder.id}`);
    const restored = await call(user, 'POST', `/api/v1/items/${id}/restore`);
    expect(restored.json<ItemDto>().folderId).toBe(await rootId(tt));
  });

  it("lets owners delete and restore without the permissions, and answers others 'No permission to delete items'", async () => {
    const tt = await makeTenant(t);
    await revokeFromEveryone(t, tt, ['item.recoverDeleted']);
    const owner = await makeUser(t, tt);
    const other = await makeUser(t, tt);
    const id = await makeItem(t, tt, { ownerId: owner.id });
    const refused = await call(other, 'DELETE', `/api/v1/items/${id}`);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(MESSAGES.noDeletePermission);
    expect((await call(owner, 'DELETE', `/api/v1/items/${id}`)).statusCode).toBe(204);
    expect((await call(other, 'POST', `/api/v1/items/${id}/restore`)).statusCode).toBe(403);
    expect((await call(owner, 'POST', `/api/v1/items/${id}/restore`)).statusCode).toBe(200);
  });

  it("answers 'No permission to delete items' to a permanent delete by someone else than the owner", async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt);
    const other = await makeUser(t, tt);
    const id = await makeItem(t, tt, { ownerId: owner.id, original: Buffer.from('kept') });
    await call(owner, 'DELETE', `/api/v1/items/${id}`);
    const res = await call(other, 'DELETE', `/api/v1/items/${id}/permanent`);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(MESSAGES.noDeletePermission);
    expect((await getItem(owner, id)).isDeleted).toBe(true);
  });

  it('lists only the caller’s tenant’s deleted items', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const foreign = await makeTenant(t);
    const stranger = await makeUser(t, foreign);
    const mine = await makeItem(t, tt, { ownerId: user.id });
    const theirs = await makeItem(t, foreign, { ownerId: stranger.id });
    await call(user, 'DELETE', `/api/v1/items/${mine}`);
    await call(stranger, 'DELETE', `/api/v1/items/${theirs}`);
    const bin = (await call(user, 'GET', '/api/v1/recycle-bin')).json<Page<ItemSummaryDto>>();
    expect(bin.items.map((i) => i.id)).toEqual([mine]);
    expect(bin.total).toBe(1);
  });

  it('deletes permanently only from the bin, removing the rows and every blob', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await makeItem(t, tt, { ownerId: user.id, original: Buffer.from('original bytes') });
    const item = await getItem(user, id);
    const key = originalKey(tt.tenant.id, id, item.leadingVersionId ?? '');
    const live = await call(user, 'DELETE', `/api/v1/items/${id}/permanent`);
    expect(live.statusCode).toBe(400);
    expect(await t.services.blobs.exists(key)).toBe(true);
    await call(user, 'DELETE', `/api/v1/items/${id}`);
    expect((await call(user, 'DELETE', `/api/v1/items/${id}/permanent`)).statusCode).toBe(204);
    expect(await t.services.blobs.exists(key)).toBe(false);
    expect((await call(user, 'GET', `/api/v1/items/${id}`)).statusCode).toBe(404);
  });
});

describe('versions, reprocessing and downloads', () => {
  it.each([
    ['a sequence', 'sequence', MESSAGES.sequenceVersioning],
    ['a virtual clip', 'virtualClip', MESSAGES.virtualClipVersioning],
  ] as const)("refuses to promote a version of %s: '%s'", async (_what, kind, message) => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'], permissions: ['item.promote'] });
    const id = await makeSpecialItem(tt, admin.id, kind);
    const versionId = await addVersion(t, tt, id, { original: Buffer.from('made before') });
    const res = await call(admin, 'POST', `/api/v1/items/${id}/versions/${versionId}/promote`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ message, details: [{ field: 'versionId', message }] });
  });

  it('promoting a processed version makes the item that version again: type, duration, metadata, media and a complete state', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.promote'] });
    const id = await makeItem(t, tt, { ownerId: user.id, itemType: 'image' });
    const clip = await addVersion(t, tt, id, {
      original: Buffer.from('a clip'),
      processed: {
        itemType: 'video',
        technical: { ...NO_TECHNICAL, durationSeconds: 12.5, videoCodec: 'h264', width: 640, height: 360 },
        renditions: {
          files: ['hls/index.m3u8', 'thumbnail.webp'],
          hlsPlaylist: 'hls/index.m3u8',
          thumbnail: 'thumbnail.webp',
          segmentCount: 7,
          segmentDuration: { numerator: 2, denominator: 1 },
        },
      },
    });
    // A newer upload that the pipeline refused, as it leaves the item.
    await addVersion(t, tt, id, { original: Buffer.from('broken') });
    await t.services.processingService.setState('transcoding', tt.tenant.id, id, {
      state: 'error',
      progress: 0,
      errorMessage: 'This picture could not be read',
    });
    const res = await call(user, 'POST', `/api/v1/items/${id}/versions/${clip}/promote`);
    expect(res.statusCode).toBe(200);
    expect(res.json<ItemDto>()).toMatchObject({
      leadingVersionId: clip,
      itemType: 'video',
      durationSeconds: 12.5,
      transcoding: { state: 'complete', progress: 100, errorMessage: null },
      technicalMetadata: { videoCodec: 'h264', width: 640, size: 'a clip'.length },
      media: { segmentCount: 7 },
      playback: { hlsUrl: `/api/v1/items/${id}/media/hls/index.m3u8` },
      resolvedThumbnailUrl: `/api/v1/items/${id}/media/thumbnail.webp`,
    });
    expect(await actions(user, id)).toContain('versionPromoted');
  });

  it.each(['folder', 'person', 'live', 'sequence'] as const)(
    "answers 'Reprocess not supported' for a %s",
    async (itemType) => {
      const tt = await makeTenant(t);
      const admin = await makeUser(t, tt, { roles: ['admin'] });
      const id = await makeItem(t, tt, { ownerId: admin.id, itemType });
      const res = await call(admin, 'POST', `/api/v1/items/${id}/reprocess`);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(MESSAGES.reprocessNotSupported);
    },
  );

  it("answers 'Reprocess not supported' for a virtual clip, though it is a video with a version", async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const id = await makeSpecialItem(tt, admin.id, 'virtualClip');
    await addVersion(t, tt, id, { original: Buffer.from('made before') });
    const res = await call(admin, 'POST', `/api/v1/items/${id}/reprocess`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(MESSAGES.reprocessNotSupported);
  });

  it('reprocessing sets transcoding initiated and queues the job', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const id = await makeItem(t, tt, { ownerId: admin.id, original: Buffer.from('x') });
    const res = await call(admin, 'POST', `/api/v1/items/${id}/reprocess`);
    expect(res.statusCode).toBe(202);
    expect(res.json<ItemDto>().transcoding).toMatchObject({ state: 'initiated', enabled: true });
    expect(await actions(admin, id)).toContain('reprocessed');
  });

  it('downloads the original under its file name, in ranges too, and lists it in the download tab', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await makeItem(t, tt, {
      ownerId: user.id,
      title: 'Klipp',
      original: Buffer.from('0123456789'),
    });
    const whole = await call(user, 'GET', `/api/v1/items/${id}/download`);
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe('0123456789');
    expect(whole.headers['content-disposition']).toBe('attachment; filename=Klipp.mp4');
    const part = await t.call({
      method: 'GET',
      url: `/api/v1/items/${id}/download`,
      cookie: user.cookie,
      headers: { range: 'bytes=2-5' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe('bytes 2-5/10');
    const tab = (await call(user, 'GET', '/api/v1/downloads')).json<
      Page<{ itemId: string; title: string; size: number }>
    >();
    expect(tab.items).toMatchObject([
      { itemId: id, title: 'Klipp', size: 10 },
      { itemId: id, title: 'Klipp', size: 10 },
    ]);
  });

  it('lists only the caller’s own downloads, never another user’s or tenant’s', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const colleague = await makeUser(t, tt);
    const foreign = await makeTenant(t);
    const stranger = await makeUser(t, foreign);
    const ours = await makeItem(t, tt, { ownerId: user.id, title: 'Ours', original: Buffer.from('x') });
    const theirs = await makeItem(t, foreign, { ownerId: stranger.id, original: Buffer.from('y') });
    const statuses = [
      (await call(user, 'GET', `/api/v1/items/${ours}/download`)).statusCode,
      (await call(colleague, 'GET', `/api/v1/items/${ours}/download`)).statusCode,
      (await call(stranger, 'GET', `/api/v1/items/${theirs}/download`)).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200]);
    const tab = (await call(user, 'GET', '/api/v1/downloads')).json<Page<{ itemId: string }>>();
    expect(tab.items.map((d) => d.itemId)).toEqual([ours]);
    expect(tab.total).toBe(1);
  });

  it.each([
    ['a sequence', 'sequence', MESSAGES.cannotDownloadSequence],
    ['a virtual clip', 'virtualClip', MESSAGES.virtualClipDownload],
  ] as const)("refuses to download %s, original or proxy: '%s'", async (_what, kind, message) => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await makeSpecialItem(tt, user.id, kind);
    // Even bytes stored under it (none are today) are not handed out.
    await addVersion(t, tt, id, { original: Buffer.from('made before') });
    for (const kindOfFile of ['original', 'proxy']) {
      const res = await call(user, 'GET', `/api/v1/items/${id}/download?kind=${kindOfFile}`);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(message);
    }
    expect((await call(user, 'GET', '/api/v1/downloads')).json<Page<unknown>>().total).toBe(0);
  });

  it("answers 'Item has no media yet' for an item without media", async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const empty = await makeItem(t, tt, { ownerId: user.id });
    const none = await call(user, 'GET', `/api/v1/items/${empty}/media/proxy.mp4`);
    expect(none.statusCode).toBe(404);
    expect(errorOf(none).message).toBe(MESSAGES.itemHasNoMedia);
  });
});

describe('every /api/v1/items route', () => {
  const ROUTES: RouteCase[] = [
    { route: 'GET /api/v1/items/{id}', method: 'GET', url: (id) => `/api/v1/items/${id}` },
    {
      route: 'PATCH /api/v1/items/{id}',
      method: 'PATCH',
      url: (id) => `/api/v1/items/${id}`,
      body: { title: 'X' },
    },
    { route: 'DELETE /api/v1/items/{id}', method: 'DELETE', url: (id) => `/api/v1/items/${id}` },
    { route: 'POST /api/v1/items/{id}/restore', method: 'POST', url: (id) => `/api/v1/items/${id}/restore` },
    {
      route: 'DELETE /api/v1/items/{id}/permanent',
      method: 'DELETE',
      url: (id) => `/api/v1/items/${id}/permanent`,
    },
    {
      route: 'POST /api/v1/items/{id}/reprocess',
      method: 'POST',
      url: (id) => `/api/v1/items/${id}/reprocess`,
    },
    {
      route: 'POST .../promote',
      method: 'POST',
      url: (id) => `/api/v1/items/${id}/versions/${randomUUID()}/promote`,
    },
    { route: 'GET /api/v1/items/{id}/history', method: 'GET', url: (id) => `/api/v1/items/${id}/history` },
    { route: 'GET /api/v1/items/{id}/download', method: 'GET', url: (id) => `/api/v1/items/${id}/download` },
    {
      route: 'GET /api/v1/items/{id}/media/*',
      method: 'GET',
      url: (id) => `/api/v1/items/${id}/media/poster.jpg`,
    },
  ];
  let tt: TestTenant;
  let itemId: string;
  beforeAll(async () => {
    tt = await makeTenant(t);
    itemId = await makeItem(t, tt, { ownerId: tt.root.user.id, title: 'Target', original: Buffer.from('x') });
  });

  it.each(routeCases(ROUTES))('%s answers 401 without a session', async (_name, r) => {
    expect((await t.call({ method: r.method, url: r.url(itemId), body: r.body })).statusCode).toBe(401);
  });

  it.each(routeCases(ROUTES))(
    '%s answers 404 for another tenant’s item, which stays as it was',
    async (_name, r) => {
      const before = await t.services.itemsService.get(tt.root, itemId);
      const stranger = await makeUser(t, await makeTenant(t), {
        roles: ['admin'],
        permissions: ['item.promote'],
      });
      expect((await call(stranger, r.method, r.url(itemId), r.body)).statusCode).toBe(404);
      expect(await t.services.itemsService.get(tt.root, itemId)).toEqual(before);
    },
  );

  it.each([
    ['GET /api/v1/items', 'GET', '/api/v1/items?folderId=FOLDER', undefined],
    ['POST /api/v1/items/move', 'POST', '/api/v1/items/move', { itemIds: ['ITEM'], folderId: 'FOLDER' }],
    ['POST /api/v1/items/delete', 'POST', '/api/v1/items/delete', { itemIds: ['ITEM'] }],
    ['GET /api/v1/recycle-bin', 'GET', '/api/v1/recycle-bin', undefined],
    ['GET /api/v1/downloads', 'GET', '/api/v1/downloads', undefined],
  ] as const)('%s answers 401 without a session', async (_name, method, url, body) => {
    const folderId = await rootId(tt);
    const fill = (text: string) => text.replace('FOLDER', folderId).replace('ITEM', itemId);
    const res = await t.call({
      method,
      url: fill(url),
      ...(body ? { body: JSON.parse(fill(JSON.stringify(body))) as object } : {}),
    });
    expect(res.statusCode).toBe(401);
    expect((await t.services.itemsService.get(tt.root, itemId)).isDeleted).toBe(false);
  });

  it('GET /api/v1/items answers 404 for another tenant’s folder', async () => {
    const stranger = await makeUser(t, await makeTenant(t));
    const res = await call(stranger, 'GET', `/api/v1/items?folderId=${await rootId(tt)}`);
    expect(res.statusCode).toBe(404);
  });

  it('POST /api/v1/items/move answers 403 without item.move, and moves nothing', async () => {
    const local = await makeTenant(t);
    await revokeFromEveryone(t, local, ['item.move']);
    const user = await makeUser(t, local);
    const id = await makeItem(t, local, { ownerId: user.id });
    const target = await makeFolder(t, local, 'Target');
    const res = await call(user, 'POST', '/api/v1/items/move', { itemIds: [id], folderId: target.id });
    expect(res.statusCode).toBe(403);
    expect((await getItem(user, id)).folderId).toBe(await rootId(local));
  });

  it.each([
    ['POST /api/v1/items/{id}/reprocess', 'item.reprocess', 'POST', 'reprocess'],
    ['GET /api/v1/items/{id}/history', 'item.history', 'GET', 'history'],
    ['GET /api/v1/items/{id}/download', 'item.downloadMedia', 'GET', 'download'],
    ['POST .../promote', 'item.promote', 'POST', `versions/${randomUUID()}/promote`],
  ] as const)('%s answers 403 without %s', async (_name, permission, method, path) => {
    const local = await makeTenant(t);
    await revokeFromEveryone(t, local, [permission]);
    const user = await makeUser(t, local);
    const id = await makeItem(t, local, { ownerId: user.id, original: Buffer.from('x') });
    expect((await call(user, method, `/api/v1/items/${id}/${path}`)).statusCode).toBe(403);
  });

  it.each([
    ['GET /api/v1/items without folderId', 'GET' as const, '/api/v1/items', undefined, ['folderId']],
    [
      'GET /api/v1/items with a bad sort',
      'GET' as const,
      `/api/v1/items?folderId=${randomUUID()}&sort=size`,
      undefined,
      ['sort'],
    ],
    ['PATCH /api/v1/items/{id}', 'PATCH' as const, 'ITEM', { title: '   ' }, ['title']],
    [
      'POST /api/v1/items/move',
      'POST' as const,
      '/api/v1/items/move',
      { itemIds: [], folderId: randomUUID() },
      ['itemIds'],
    ],
    ['GET .../media/*', 'GET' as const, 'MEDIA', undefined, ['*']],
    [
      'GET /api/v1/items/{id} with a malformed id',
      'GET' as const,
      '/api/v1/items/not-an-id',
      undefined,
      ['id'],
    ],
    ['POST /api/v1/items/delete', 'POST' as const, '/api/v1/items/delete', { itemIds: [] }, ['itemIds']],
    [
      'POST /api/v1/items/delete with a malformed id',
      'POST' as const,
      '/api/v1/items/delete',
      { itemIds: ['x'] },
      ['itemIds.0'],
    ],
  ])('%s answers 400 naming the bad field', async (_name, method, url, body, fields) => {
    const user = await makeUser(t, tt);
    const target =
      url === 'ITEM'
        ? `/api/v1/items/${itemId}`
        : url === 'MEDIA'
          ? `/api/v1/items/${itemId}/media/..%2Fetc%2Fpasswd`
          : url;
    const res = await call(user, method, target, body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(fields);
  });
});
