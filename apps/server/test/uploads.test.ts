import { MESSAGES, type Permission } from '@skald/domain';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import { originalKey } from '../src/modules/items/renditions.ts';
import { ABANDONED_AFTER_MS, UPLOADS_PATH } from '../src/modules/uploads/upload-server.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { waitFor } from './durability/support/wait.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeFolder, makeItem, revokeFromEveryone } from './support/items.ts';

let t: TestApp;
let endpoint: string;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `${address}/api/v1/uploads`;
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

interface Outcome {
  status: number;
  body: string;
  itemId: string | null;
}

const routeOf = (url: string) =>
  new URL(url, endpoint).pathname === UPLOADS_PATH ? UPLOADS_PATH : `${UPLOADS_PATH}/:uploadId`;

/** `fetch` of a tus route, its answer checked against the OpenAPI document as `t.call` checks its own. */
async function tusFetch(url: string, init: RequestInit & { method: string }): Promise<Response> {
  const res = await fetch(url, init);
  t.contract.check({
    method: init.method,
    route: routeOf(url),
    status: res.status,
    headers: Object.fromEntries(res.headers),
    body: await res.clone().text(),
  });
  return res;
}

/** Uploads with the real tus client, as the web app's Uppy does; resolves with the final answer. */
function upload(
  user: TestUser,
  data: Buffer,
  metadata: Record<string, string>,
  chunkSize = Infinity,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const u = new tus.Upload(data, {
      endpoint,
      chunkSize,
      retryDelays: null,
      headers: { cookie: user.cookie },
      metadata,
      // Every answer the client gets is checked against the OpenAPI document.
      onAfterResponse: (req, res) => {
        const contentType = res.getHeader('content-type');
        t.contract.check({
          method: req.getMethod(),
          route: routeOf(req.getURL()),
          status: res.getStatus(),
          headers: contentType ? { 'content-type': contentType } : {},
          body: res.getBody(),
        });
      },
      onSuccess: (payload) => {
        resolve({ status: 204, body: '', itemId: payload.lastResponse.getHeader('Skald-Item-Id') ?? null });
      },
      onError: (err) => {
        const res = (err as tus.DetailedError).originalResponse;
        resolve({ status: res?.getStatus() ?? 0, body: res?.getBody() ?? String(err), itemId: null });
      },
    });
    u.start();
  });
}

const folderOf = async (tt: TestTenant) => (await makeFolder(t, tt, 'Inbox')).id;

interface UploadRecord {
  filename: string;
  state: string;
  itemId: string | null;
  offset: number;
  completedAt: string | null;
}

/** The caller's upload tab. */
const uploadsOf = async (user: TestUser) =>
  (await t.call({ method: 'GET', url: '/api/v1/uploads', cookie: user.cookie })).json<Page<UploadRecord>>()
    .items;

/** Creates an upload and sends no bytes yet; answers its address. */
async function createUpload(user: TestUser, metadata: Record<string, string>): Promise<string> {
  const header = Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const created = await tusFetch(endpoint, {
    method: 'POST',
    headers: {
      cookie: user.cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(png.length),
      'upload-metadata': header,
    },
  });
  expect(created.status).toBe(201);
  return new URL(created.headers.get('location') ?? '', endpoint).toString();
}

describe('uploading with tus', () => {
  it('turns a finished upload into an item in the chosen folder, storing the original byte for byte', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create'] });
    const folderId = await folderOf(tt);
    const res = await upload(user, png, { filename: 'Fjord.PNG', folderId }, 100);
    expect(res.status).toBe(204);
    const item = await t.services.itemsService.get(tt.root, res.itemId ?? '');
    expect(item).toMatchObject({ itemType: 'image', title: 'Fjord', folderId, owner: { id: user.id } });
    expect(item.transcoding.state).toBe('initiated');
    expect(item.versions).toMatchObject([
      { number: 1, filename: 'Fjord.PNG', size: png.length, isLeading: true },
    ]);
    const blob = await t.services.blobs.get(originalKey(tt.tenant.id, item.id, item.leadingVersionId ?? ''));
    const chunks: Buffer[] = [];
    for await (const chunk of blob?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(png)).toBe(true);
    expect(await uploadsOf(user)).toMatchObject([{ state: 'complete', itemId: item.id, offset: png.length }]);
  });

  it('recreates the folders of a dropped folder below the chosen one, once for files arriving together', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create', 'folder.create'] });
    const folderId = await folderOf(tt);
    const results = await Promise.all(
      ['a.png', 'b.png', 'c.png'].map((name) =>
        upload(user, png, { filename: name, folderId, relativePath: `Rushes/Dag 1/${name}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([204, 204, 204]);
    const rushes = await t.services.foldersService.children(tt.root, folderId, { from: 0, itemsPerPage: 10 });
    expect(rushes.items.map((f) => f.name)).toEqual(['Rushes']);
    const days = await t.services.foldersService.children(tt.root, rushes.items[0]?.id ?? '', {
      from: 0,
      itemsPerPage: 10,
    });
    expect(days.items.map((f) => f.name)).toEqual(['Dag 1']);
    const items = await Promise.all(results.map((r) => t.services.itemsService.get(tt.root, r.itemId ?? '')));
    expect(new Set(items.map((item) => item.folderId))).toEqual(new Set([days.items[0]?.id]));
    // A later drop into the same place reuses the folders.
    const again = await upload(user, png, {
      filename: 'd.png',
      folderId,
      relativePath: 'rushes/Dag 1/d.png',
    });
    expect((await t.services.itemsService.get(tt.root, again.itemId ?? '')).folderId).toBe(days.items[0]?.id);
  });

  it.each([
    ['climbs out with ..', false, '../x/a.png', 400, 'relativePath'],
    ['needs folders without folder.create', true, 'New/a.png', 403, null],
  ] as const)(
    'refuses a dropped folder that %s, storing nothing',
    async (_what, revoke, path, status, field) => {
      const tt = await makeTenant(t);
      if (revoke) await revokeFromEveryone(t, tt, ['folder.create']);
      const user = await makeUser(t, tt, { permissions: ['item.create'] });
      const folderId = await folderOf(tt);
      const res = await upload(user, png, { filename: 'a.png', folderId, relativePath: path });
      expect(res.status).toBe(status);
      const error = (JSON.parse(res.body) as { error: { message: string; details?: { field: string }[] } })
        .error;
      if (field) expect(error.details?.map((d) => d.field)).toEqual([field]);
      else expect(error.message).toBe(MESSAGES.noFolderCreatePermission);
      expect(await uploadsOf(user)).toEqual([]);
      expect(
        (await t.services.foldersService.children(tt.root, folderId, { from: 0, itemsPerPage: 10 })).items,
      ).toEqual([]);
    },
  );

  it('adds a new leading version to an existing item', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create', 'item.version'] });
    const first = await upload(user, png, { filename: 'a.png', folderId: await folderOf(tt) });
    const second = await upload(user, png, { filename: 'b.png', itemId: first.itemId ?? '' });
    expect(second.itemId).toBe(first.itemId);
    const item = await t.services.itemsService.get(tt.root, first.itemId ?? '');
    expect(item.versions.map((v) => [v.number, v.filename, v.isLeading])).toEqual([
      [2, 'b.png', true],
      [1, 'a.png', false],
    ]);
  });

  it.each([
    ['a denied extension', { filename: 'setup.exe' }, 400, MESSAGES.uploadRejected],
    ['no file name', { filename: '' }, 400, MESSAGES.uploadRejected],
  ])('refuses %s', async (_name, meta, status, message) => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create'] });
    const res = await upload(user, png, { folderId: await folderOf(tt), ...meta });
    expect(res.status).toBe(status);
    expect(JSON.parse(res.body)).toMatchObject({ error: { message } });
  });

  it.each([
    ['filename', { filename: 'clip\u0000.png' }],
    ['name', { name: 'clip\r\nX-Injected: 1.png' }],
    ['relativePath', { filename: 'a.png', relativePath: 'Rushes\u001b[31m/a.png' }],
    ['title', { filename: 'a.png', title: 'Tab\there' }],
  ])('refuses control characters in %s, naming it and storing nothing', async (field, meta) => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create', 'folder.create'] });
    const res = await upload(user, png, { folderId: await folderOf(tt), ...meta });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      error: {
        code: 'bad_request',
        message: MESSAGES.uploadRejected,
        details: [{ field, message: 'must not contain control characters' }],
      },
    });
    expect(await uploadsOf(user)).toEqual([]);
  });

  it('refuses an extension the tenant forbids, though the whitelist accepts it', async () => {
    const tt = await makeTenant(t);
    await t.services.tenantsRepository.setForbiddenExtensions(tt.tenant.id, ['png']);
    const user = await makeUser(t, tt, { permissions: ['item.create'] });
    const res = await upload(user, png, { filename: 'a.PNG', folderId: await folderOf(tt) });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      error: {
        message: MESSAGES.uploadRejected,
        details: [{ field: 'filename', message: MESSAGES.deniedExtension }],
      },
    });
  });

  it('refuses a file whose content is an executable, whatever its name, and keeps nothing', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create'] });
    const folderId = await folderOf(tt);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096)]);
    const res = await upload(user, elf, { filename: 'clip.mp4', folderId });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: { message: MESSAGES.uploadRejected } });
    const items = await t.services.itemsService.list(tt.root, folderId, {
      from: 0,
      itemsPerPage: 10,
      sort: 'title',
      order: 'asc',
    });
    expect(items.total).toBe(0);
  });

  it("answers 'You do not have permission to upload' without create and upload", async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const res = await upload(user, png, { filename: 'a.png', folderId: await folderOf(tt) });
    // The organisation's defaults grant neither item.create nor item.upload.
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ error: { message: MESSAGES.noUploadPermission } });
  });

  it("answers 'You do not have permission to update existing items' for a version without item.version, even with item.update", async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create', 'item.update'] });
    const itemId = await makeItem(t, tt, { ownerId: user.id, original: Buffer.from('v1') });
    const res = await upload(user, png, { filename: 'a.png', itemId });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ error: { message: MESSAGES.noUpdateExistingPermission } });
    expect((await t.services.itemsService.get(tt.root, itemId)).versions).toHaveLength(1);
    expect(await uploadsOf(user)).toEqual([]);
  });

  it("answers 'You do not have permission to upload' for a version without upload rights, even with item.version", async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.version'] });
    const itemId = await makeItem(t, tt, { ownerId: user.id });
    const res = await upload(user, png, { filename: 'a.png', itemId });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ error: { message: MESSAGES.noUploadPermission } });
  });

  it("versions an item whose updatable-by leaves the user out only with createVersionRegardlessOfUpdateControl, else 'You don't have permission to update this item'", async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt);
    const editor = await makeUser(t, tt, { permissions: ['item.create', 'item.version'] });
    const itemId = await makeItem(t, tt, {
      ownerId: owner.id,
      original: Buffer.from('v1'),
      updatableBy: { level: 'owner', groups: [] },
    });
    // The organisation's defaults hold the override (spec §6, default true).
    const allowed = await upload(editor, png, { filename: 'b.png', itemId });
    expect(allowed.status).toBe(204);
    await revokeFromEveryone(t, tt, ['item.createVersionRegardlessOfUpdateControl']);
    const refused = await upload(editor, png, { filename: 'c.png', itemId });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({
      error: { message: MESSAGES.noUpdateThisItemPermission },
    });
    const item = await t.services.itemsService.get(tt.root, itemId);
    expect(item.versions.map((v) => v.filename)).toEqual(['b.png', 'Item ' + itemId.slice(-6) + '.mp4']);
  });

  it.each([
    ['a sequence', 'sequence', MESSAGES.sequenceVersioning],
    ['a virtual clip', 'virtualClip', MESSAGES.virtualClipVersioning],
  ] as const)("refuses a new version of %s: '%s', naming itemId", async (_what, kind, message) => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create', 'item.version'] });
    const source = await makeItem(t, tt, { ownerId: user.id, original: Buffer.from('source') });
    const itemId = await makeItem(t, tt, {
      ownerId: user.id,
      ...(kind === 'sequence'
        ? { itemType: 'sequence' }
        : { clipOf: { sourceItemId: source, startMs: 0, endMs: 4000 } }),
    });
    const res = await upload(user, png, { filename: 'a.png', itemId });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'bad_request', message, details: [{ field: 'itemId', message }] },
    });
    expect(await uploadsOf(user)).toEqual([]);
  });

  it('answers 404 for a folder of another tenant, and for another user’s upload', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create'] });
    const foreignFolder = await folderOf(await makeTenant(t));
    const res = await upload(user, png, { filename: 'a.png', folderId: foreignFolder });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ error: { details: [{ field: 'folderId' }] } });
    const location = await createUpload(user, { filename: 'a.png', folderId: await folderOf(tt) });
    const other = await makeUser(t, tt, { permissions: ['item.create'] });
    const head = await tusFetch(location, {
      method: 'HEAD',
      headers: { cookie: other.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(404);
    const mine = await tusFetch(location, {
      method: 'HEAD',
      headers: { cookie: user.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('upload-offset')).toBe('0');
  });

  it('answers 404 for a new version of another tenant’s item, and stores nothing', async () => {
    const foreign = await makeTenant(t);
    const itemId = await makeItem(t, foreign, { ownerId: foreign.root.user.id, original: Buffer.from('x') });
    const before = await t.services.itemsService.get(foreign.root, itemId);
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create'] });
    const res = await upload(user, png, { filename: 'a.png', itemId });
    expect(res.status).toBe(404);
    expect(await uploadsOf(user)).toEqual([]);
    expect(await t.services.itemsService.get(foreign.root, itemId)).toEqual(before);
  });

  it.each([
    ['a folder id that is not one', { folderId: 'inbox' }, 'folderId'],
    ['an item id that is not one', { itemId: '../x' }, 'itemId'],
  ])('answers 400 naming the field for %s', async (_name, meta, field) => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create'] });
    const res = await upload(user, png, { filename: 'a.png', ...meta });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: { details: [{ field }] } });
  });

  it('records a cancelled upload as failed, so it no longer shows as running', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create'] });
    const location = await createUpload(user, { filename: 'a.png', folderId: await folderOf(tt) });
    const other = await makeUser(t, tt, { permissions: ['item.create'] });
    const refused = await tusFetch(location, {
      method: 'DELETE',
      headers: { cookie: other.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(refused.status).toBe(404);
    expect(await uploadsOf(user)).toMatchObject([{ state: 'uploading' }]);
    const cancelled = await tusFetch(location, {
      method: 'DELETE',
      headers: { cookie: user.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(cancelled.status).toBe(204);
    const [record] = await waitFor(
      async () => {
        const records = await uploadsOf(user);
        return records[0]?.state === 'uploading' ? undefined : records;
      },
      'the cancelled upload to be recorded',
      5_000,
    );
    expect(record).toMatchObject({ state: 'failed', itemId: null, completedAt: null });
  });

  it('expires an upload that received nothing for a day: failed, its partial file gone, others untouched', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create'] });
    const folderId = await folderOf(tt);
    const abandoned = await createUpload(user, { filename: 'abandoned.png', folderId });
    const half = await tusFetch(abandoned, {
      method: 'PATCH',
      headers: {
        cookie: user.cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: png.subarray(0, png.length >> 1),
    });
    expect(half.status).toBe(204);
    const active = await createUpload(user, { filename: 'active.png', folderId });
    const abandonedId = abandoned.split('/').at(-1) ?? '';
    const longAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000).toISOString();
    await t.services.db
      .updateTable('uploads')
      .set({ updated_at: longAgo })
      .where('id', '=', abandonedId)
      .execute();

    await t.services.uploadServer.expireAbandoned();

    const byName = Object.fromEntries((await uploadsOf(user)).map((u) => [u.filename, u.state]));
    expect(byName).toEqual({ 'abandoned.png': 'failed', 'active.png': 'uploading' });
    const head = (location: string) =>
      tusFetch(location, { method: 'HEAD', headers: { cookie: user.cookie, 'tus-resumable': '1.0.0' } });
    expect((await head(abandoned)).status).toBe(404);
    expect((await head(active)).status).toBe(200);
  });

  it('lists only the caller’s own uploads, never another user’s or tenant’s', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create'] });
    const colleague = await makeUser(t, tt, { permissions: ['item.create'] });
    const foreign = await makeTenant(t);
    const stranger = await makeUser(t, foreign, { permissions: ['item.create'] });
    const folderId = await folderOf(tt);
    const uploads = [
      await upload(user, png, { filename: 'mine.png', folderId }),
      await upload(colleague, png, { filename: 'theirs.png', folderId }),
      await upload(stranger, png, { filename: 'foreign.png', folderId: await folderOf(foreign) }),
    ];
    expect(uploads.map((u) => u.status)).toEqual([204, 204, 204]);
    expect((await uploadsOf(user)).map((u) => u.filename)).toEqual(['mine.png']);
  });

  it('answers 401 without a session', async () => {
    const res = await tusFetch(endpoint, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '1' },
    });
    expect(res.status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/v1/uploads' })).statusCode).toBe(401);
  });
});

describe('the default upload location (spec §6 item.chooseUploadLocation)', () => {
  const setDefault = (tt: TestTenant, folderId: string | null) =>
    t.services.uploadLocationService.set(tt.root, folderId);
  const folderIdOf = async (tt: TestTenant, itemId: string | null) =>
    (await t.services.itemsService.get(tt.root, itemId ?? '')).folderId;
  const rootOf = async (tt: TestTenant) =>
    (await t.services.foldersService.rootRow(tt.tenant.id, tt.root.user.id)).id;
  /** An uploader whom the organisation's defaults do not let choose. */
  const nonChooser = async (tt: TestTenant, permissions: Permission[] = ['item.create']) => {
    await revokeFromEveryone(t, tt, ['item.chooseUploadLocation']);
    return makeUser(t, tt, { permissions });
  };

  it('sends an upload without a folder to the root until an administrator sets a location, then there', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.create'] });
    const first = await upload(user, png, { filename: 'a.png' });
    expect(first.status).toBe(204);
    expect(await folderIdOf(tt, first.itemId)).toBe(await rootOf(tt));
    const inbox = await makeFolder(t, tt, 'Inbox');
    await setDefault(tt, inbox.id);
    const second = await upload(user, png, { filename: 'b.png' });
    expect(second.status).toBe(204);
    expect(await folderIdOf(tt, second.itemId)).toBe(inbox.id);
  });

  it('lets a user without item.chooseUploadLocation upload, to the default location only', async () => {
    const tt = await makeTenant(t);
    const inbox = await makeFolder(t, tt, 'Inbox');
    const elsewhere = await makeFolder(t, tt, 'Elsewhere');
    await setDefault(tt, inbox.id);
    const user = await nonChooser(tt);
    const plain = await upload(user, png, { filename: 'a.png' });
    expect(plain.status).toBe(204);
    expect(await folderIdOf(tt, plain.itemId)).toBe(inbox.id);
    const named = await upload(user, png, { filename: 'b.png', folderId: inbox.id });
    expect(named.status).toBe(204);
    expect(await folderIdOf(tt, named.itemId)).toBe(inbox.id);

    const refused = await upload(user, png, { filename: 'c.png', folderId: elsewhere.id });
    expect(refused.status).toBe(403);
    const message = MESSAGES.noChooseUploadLocationPermission;
    expect(JSON.parse(refused.body)).toEqual({
      error: {
        code: 'forbidden',
        message,
        details: [{ field: 'folderId', message, messageId: 'noChooseUploadLocationPermission', params: {} }],
      },
    });
    expect((await uploadsOf(user)).map((u) => u.filename).sort()).toEqual(['a.png', 'b.png']);
  });

  it('creates the folders of a dropped folder below the default location of a user who may not choose', async () => {
    const tt = await makeTenant(t);
    const inbox = await makeFolder(t, tt, 'Inbox');
    await setDefault(tt, inbox.id);
    const user = await nonChooser(tt, ['item.create', 'folder.create']);
    const res = await upload(user, png, { filename: 'a.png', relativePath: 'Rushes/a.png' });
    expect(res.status).toBe(204);
    const [rushes] = (
      await t.services.foldersService.children(tt.root, inbox.id, { from: 0, itemsPerPage: 5 })
    ).items;
    expect(rushes?.name).toBe('Rushes');
    expect(await folderIdOf(tt, res.itemId)).toBe(rushes?.id);
  });

  it('goes back to the root when the default folder is deleted', async () => {
    const tt = await makeTenant(t);
    const inbox = await makeFolder(t, tt, 'Inbox');
    const nested = await makeFolder(t, tt, 'Today', { parentId: inbox.id });
    await setDefault(tt, nested.id);
    await t.services.foldersService.delete(tt.root, inbox.id);
    const user = await nonChooser(tt);
    const res = await upload(user, png, { filename: 'a.png' });
    expect(res.status).toBe(204);
    expect(await folderIdOf(tt, res.itemId)).toBe(await rootOf(tt));
    expect(await t.services.tenantsRepository.defaultUploadFolderId(tt.tenant.id)).toBeNull();
  });

  it.each([
    ['whose updatable-by leaves the uploader out', { updatableBy: { level: 'owner', groups: [] } }],
    ['that the uploader does not see', { visibleTo: { level: 'owner', groups: [] } }],
  ] as const)(
    'refuses an upload to a default folder %s, naming the folder, and stores nothing',
    async (_what, access) => {
      const tt = await makeTenant(t);
      const locked = await makeFolder(t, tt, 'Desk only', access);
      await setDefault(tt, locked.id);
      for (const user of [await makeUser(t, tt, { permissions: ['item.create'] }), await nonChooser(tt)]) {
        const res = await upload(user, png, { filename: 'a.png' });
        expect(res.status).toBe(403);
        const message = "You do not have permission to upload to the default upload location 'Desk only'";
        expect(JSON.parse(res.body)).toEqual({
          error: {
            code: 'forbidden',
            message,
            details: [
              {
                field: 'folderId',
                message,
                messageId: 'defaultUploadLocationNotWritable',
                params: { folder: 'Desk only' },
              },
            ],
          },
        });
        expect(await uploadsOf(user)).toEqual([]);
      }
    },
  );

  it('still lets a user who may choose upload to another folder when the default refuses them', async () => {
    const tt = await makeTenant(t);
    const locked = await makeFolder(t, tt, 'Desk only', { updatableBy: { level: 'owner', groups: [] } });
    await setDefault(tt, locked.id);
    const user = await makeUser(t, tt, { permissions: ['item.create'] });
    const res = await upload(user, png, { filename: 'a.png', folderId: await folderOf(tt) });
    expect(res.status).toBe(204);
  });

  it('answers a user who may not choose 403 for another tenant’s folder, as for any folder but the default', async () => {
    const tt = await makeTenant(t);
    const user = await nonChooser(tt);
    const res = await upload(user, png, { filename: 'a.png', folderId: await folderOf(await makeTenant(t)) });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({
      error: { message: MESSAGES.noChooseUploadLocationPermission },
    });
    expect(await uploadsOf(user)).toEqual([]);
  });
});
