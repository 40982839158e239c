import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDto } from '../src/modules/items/items.presenter.ts';
import { makeClip, useTempFolder } from './media/fixtures.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { addVersion, makeItem } from './support/items.ts';
import { renderHelpers } from './support/renders.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

let t: TestApp;
const root = useTempFolder();
const { processedSource } = renderHelpers(() => t);
let clip: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  clip = await readFile(await makeClip(path.join(root(), 'source.mp4'), { seconds: 4 }));
}, 120_000);
afterAll(async () => t.close());

const CLIPPER = ['item.createVirtualClip' as const];

const call = (user: TestUser | undefined, method: 'GET' | 'POST', url: string, body?: object) =>
  t.call({ method, url, ...(user ? { cookie: user.cookie } : {}), ...(body ? { body } : {}) });

describe('virtual clips (item.createVirtualClip)', { timeout: 120_000 }, () => {
  let tt: TestTenant;
  let editor: TestUser;
  let sourceId: string;
  beforeAll(async () => {
    tt = await makeTenant(t);
    editor = await makeUser(t, tt, { permissions: [...CLIPPER, 'item.promote'] });
    sourceId = await processedSource(tt, clip, { title: 'Interview' });
  }, 120_000);

  const create = (user: TestUser | undefined, body: object, id = sourceId) =>
    call(user, 'POST', `/api/v1/items/${id}/virtual-clips`, body);

  it('makes an item beside its source that plays the range through the source’s streams, rendering nothing', async () => {
    const res = await create(editor, { inFrame: 25, outFrame: 75 });
    expect(res.statusCode).toBe(201);
    const made = res.json<ItemDto>();
    const source = (await call(editor, 'GET', `/api/v1/items/${sourceId}`)).json<ItemDto>();
    expect(made).toMatchObject({
      itemType: 'video',
      title: 'Interview (virtual clip)',
      folderId: source.folderId,
      leadingVersionId: null,
      versions: [],
      virtualClip: { sourceItemId: sourceId, startSeconds: 1, endSeconds: 3 },
    });
    // Its streams are its source's, served under its own address.
    expect(made.playback?.hlsUrl).toBe(source.playback?.hlsUrl?.replace(sourceId, made.id));
    const playlist = await call(editor, 'GET', made.playback?.hlsUrl ?? '');
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');
    // Nothing was queued to render or transcode.
    expect(made.transcoding.state).not.toBe('initiated');
  });

  it('cannot be downloaded or versioned directly (spec §5, §8)', async () => {
    const made = (await create(editor, { inFrame: 0, outFrame: 50 })).json<ItemDto>();
    const download = await call(editor, 'GET', `/api/v1/items/${made.id}/download`);
    expect(download.statusCode).toBe(400);
    expect(errorOf(download).message).toBe(MESSAGES.virtualClipDownload);
    const versionId = await addVersion(t, tt, made.id, { original: Buffer.from('a file') });
    const promote = await call(editor, 'POST', `/api/v1/items/${made.id}/versions/${versionId}/promote`);
    expect(promote.statusCode).toBe(400);
    expect(errorOf(promote).message).toBe(MESSAGES.virtualClipVersioning);
  });

  it('refuses a range outside the source, a source without media of its own and one not processed yet', async () => {
    expect(fieldsOf(await create(editor, { inFrame: 50, outFrame: 50 }))).toEqual(['outFrame']);
    expect(fieldsOf(await create(editor, { inFrame: 0, outFrame: 101 }))).toEqual(['outFrame']);
    const virtual = (await create(editor, { inFrame: 0, outFrame: 10 })).json<ItemDto>();
    const ofVirtual = await create(editor, { inFrame: 0, outFrame: 5 }, virtual.id);
    expect(errorOf(ofVirtual)).toMatchObject({
      message: MESSAGES.renderNeedsOwnMedia,
      details: [{ field: 'id' }],
    });
    const raw = await makeItem(t, tt, { ownerId: editor.id, original: clip, filename: 'raw.mp4' });
    const notReady = await create(editor, { inFrame: 0, outFrame: 5 }, raw);
    expect(notReady.statusCode).toBe(409);
    expect(errorOf(notReady).message).toBe(MESSAGES.renderSourceNotReady);
  });

  it('answers 401 without a session, 404 for another tenant’s item, 403 without the permission and 400 naming the field', async () => {
    const body = { inFrame: 0, outFrame: 25 };
    expect((await create(undefined, body)).statusCode).toBe(401);
    const stranger = await makeUser(t, await makeTenant(t), { permissions: CLIPPER, roles: ['admin'] });
    expect((await create(stranger, body)).statusCode).toBe(404);
    const viewer = await makeUser(t, tt, { permissions: ['item.update'] });
    expect((await create(viewer, body)).statusCode).toBe(403);
    for (const [bad, field] of [
      [{ ...body, inFrame: -1 }, 'inFrame'],
      [{ ...body, outFrame: 'x' }, 'outFrame'],
      [{ ...body, title: '' }, 'title'],
    ] as const) {
      expect(fieldsOf(await create(editor, bad))).toEqual([field]);
    }
    expect(fieldsOf(await create(editor, body, 'x'))).toEqual(['id']);
  });
});
