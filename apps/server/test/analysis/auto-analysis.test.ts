import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser, type TestUser } from '../support/factories.ts';
import { makeFolder, makeItem } from '../support/items.ts';
import { errorOf, fieldsOf } from '../support/responses.ts';

// Issue 14: analyses started after transcoding by the tenant's or the folder's setting. No worker
// runs here: the started analyses wait, initiated.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (user: TestUser | null, method: 'GET' | 'PUT', url: string, body?: object) =>
  t.call({ method, url, ...(user ? { cookie: user.cookie } : {}), ...(body ? { body } : {}) });

describe('automatic analysis', () => {
  it('starts the folder’s kinds, else the tenant’s, once the transcode is done', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const set = await call(admin, 'PUT', '/api/v1/tenant/auto-analysis', {
      kinds: ['sceneDetection', 'transcription'],
      language: 'nb',
    });
    expect(set.json()).toEqual({ kinds: ['sceneDetection', 'transcription'], language: 'nb' });
    const folder = await makeFolder(t, tt, 'Nyheter');
    const own = await call(admin, 'PUT', `/api/v1/folders/${folder.id}/auto-analysis`, {
      setting: { kinds: ['textDetection'], language: null },
    });
    expect(own.json()).toEqual({
      setting: { kinds: ['textDetection'], language: null },
      effective: { kinds: ['textDetection'], language: null },
    });
    const media = Buffer.from('media');
    const inRoot = await makeItem(t, tt, { ownerId: admin.id, itemType: 'video', original: media });
    const inFolder = await makeItem(t, tt, {
      ownerId: admin.id,
      itemType: 'video',
      original: media,
      folderId: folder.id,
    });
    await t.services.autoAnalysis.startFor(tt.tenant.id, inRoot);
    await t.services.autoAnalysis.startFor(tt.tenant.id, inFolder);
    const states = async (id: string) => {
      const item = await t.services.itemsService.get(tt.root, id);
      return [item.sceneDetection.state, item.textDetection.state, item.transcription.state];
    };
    expect(await states(inRoot)).toEqual(['initiated', null, 'initiated']);
    expect(await states(inFolder)).toEqual([null, 'initiated', null]);
    const back = await call(admin, 'PUT', `/api/v1/folders/${folder.id}/auto-analysis`, { setting: null });
    expect(back.json()).toMatchObject({
      setting: null,
      effective: { kinds: ['sceneDetection', 'transcription'] },
    });
  });

  it('needs transcription’s language (400), tenant administrators for the tenant’s (403), a session (401)', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const res = await call(admin, 'PUT', '/api/v1/tenant/auto-analysis', {
      kinds: ['transcription'],
      language: null,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['language']);
    expect(errorOf(res).message).toBe(MESSAGES.transcriptionLanguageRequired);
    expect(
      fieldsOf(await call(admin, 'PUT', '/api/v1/tenant/auto-analysis', { kinds: ['x'], language: null })),
    ).toEqual(['kinds.0']);
    const plain = await makeUser(t, tt);
    expect(
      (await call(plain, 'PUT', '/api/v1/tenant/auto-analysis', { kinds: [], language: null })).statusCode,
    ).toBe(403);
    expect((await call(null, 'GET', '/api/v1/tenant/auto-analysis')).statusCode).toBe(401);
    const folder = await makeFolder(t, tt, 'Arkiv');
    expect((await call(null, 'GET', `/api/v1/folders/${folder.id}/auto-analysis`)).statusCode).toBe(401);
    const stranger = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
    expect((await call(stranger, 'GET', `/api/v1/folders/${folder.id}/auto-analysis`)).statusCode).toBe(404);
    expect(
      (await call(stranger, 'PUT', `/api/v1/folders/${folder.id}/auto-analysis`, { setting: null }))
        .statusCode,
    ).toBe(404);
  });
});
