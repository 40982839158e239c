import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { errorOf, fieldsOf } from './support/responses.ts';
import { makeTenant, makeUser, type TestTenant } from './support/factories.ts';
import { makeFolder, makeItem } from './support/items.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Lookup {
  items: { slug: string; name: string }[];
}
interface MeBody {
  tenant: { id: string; mfaEnforced: boolean };
  mfaSetupRequired: boolean;
}

/** A word no other tenant of a shared test database has in its name. */
const uniqueWord = () => randomBytes(6).toString('hex');

const lookup = (name: string, cookie?: string) =>
  t.call({ method: 'GET', url: `/api/v1/tenants/lookup?name=${encodeURIComponent(name)}`, cookie });

describe('GET /api/v1/tenants/lookup', () => {
  it('finds a company by part of its name, ignoring case and diacritics, without signing in', async () => {
    const word = uniqueWord();
    const tt = await makeTenant(t, `Påskeøya Kringkasting ${word}`);
    const other = await makeTenant(t, `Blåbær Ærlighet ${word}`);
    const expected = { slug: tt.tenant.slug, name: `Påskeøya Kringkasting ${word}` };

    for (const query of [
      `paskeoya kringkasting ${word}`,
      `PÅSKEØYA KRINGKASTING ${word}`,
      `KRINGKASTING ${word}`,
    ]) {
      const res = await lookup(query);
      expect(res.statusCode, query).toBe(200);
      expect(res.json<Lookup>(), query).toEqual({ items: [expected] });
    }
    expect((await lookup(`blabaer aerlighet ${word}`)).json<Lookup>().items).toEqual([
      { slug: other.tenant.slug, name: other.tenant.name },
    ]);
    expect(
      (await lookup(word))
        .json<Lookup>()
        .items.map((i) => i.slug)
        .sort(),
    ).toEqual([tt.tenant.slug, other.tenant.slug].sort());
    expect((await lookup(`nothing like ${word}`)).json<Lookup>()).toEqual({ items: [] });
  });

  it('takes LIKE wildcards in the text literally', async () => {
    const word = uniqueWord();
    await makeTenant(t, `Wildcard ${word}`);
    expect((await lookup(`wild%${word}`)).json<Lookup>().items).toEqual([]);
    expect((await lookup(`wildcard_${word}`)).json<Lookup>().items).toEqual([]);
  });

  it('answers at most 10 companies, the closest matches first', async () => {
    const word = uniqueWord();
    for (let i = 0; i < 11; i++) await makeTenant(t, `Radio ${word} ${String(i).padStart(2, '0')}`);
    const startsWith = await makeTenant(t, `${word} Radio`);
    const exact = await makeTenant(t, word);
    const res = await lookup(word);
    expect(res.statusCode).toBe(200);
    const { items } = res.json<Lookup>();
    expect(items).toHaveLength(10);
    expect(items.slice(0, 2).map((i) => i.slug)).toEqual([exact.tenant.slug, startsWith.tenant.slug]);
    for (const item of items) expect(item.name).toContain(word);
  });

  it.each([
    ['one character', 'x'],
    ['one character among spaces', '  x  '],
    ['more than 100 characters', 'x'.repeat(101)],
  ])('answers 400 naming name for %s', async (_case, name) => {
    const res = await lookup(name);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('bad_request');
    expect(fieldsOf(res)).toEqual(['name']);
  });

  it('answers 400 naming name when there is no name at all', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/tenants/lookup' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['name']);
  });
});

describe('PATCH /api/v1/tenant/security', () => {
  const setSecurity = (body: object, cookie?: string) =>
    t.call({ method: 'PATCH', url: '/api/v1/tenant/security', body, cookie });
  const enforced = async (tt: TestTenant) =>
    (await t.services.tenantsRepository.byId(tt.tenant.id))?.mfa_enforced;
  const me = async (cookie: string) => t.call({ method: 'GET', url: '/api/v1/me', cookie });
  const listUsers = (cookie: string) => t.call({ method: 'GET', url: '/api/v1/users', cookie });

  it('answers 401 without credentials, and changes nothing', async () => {
    const tt = await makeTenant(t);
    const res = await setSecurity({ mfaEnforced: true });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
    expect(await enforced(tt)).toBe(0);
  });

  it('answers 403 to a user who is not a tenant administrator, and changes nothing', async () => {
    const tt = await makeTenant(t);
    const plain = await makeUser(t, tt, { roles: ['support'], permissions: ['general.apiKeys'] });
    const res = await setSecurity({ mfaEnforced: true }, plain.cookie);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
    expect(await enforced(tt)).toBe(0);
  });

  it.each([
    ['a missing mfaEnforced', {}],
    ['a non-boolean mfaEnforced', { mfaEnforced: 'yes' }],
  ])('answers 400 naming mfaEnforced for %s, and changes nothing', async (_case, body) => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const res = await setSecurity(body, admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['mfaEnforced']);
    expect(await enforced(tt)).toBe(0);
  });

  it("enforces MFA for the caller's own tenant only", async () => {
    const a = await makeTenant(t);
    const b = await makeTenant(t);
    const info = await makeUser(t, a, { permissions: ['userManagement.tenantInfo'] });
    const adminOfB = await makeUser(t, b, { roles: ['admin'] });
    const res = await setSecurity({ mfaEnforced: true }, info.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: a.tenant.id, mfaEnforced: true });
    expect(await enforced(a)).toBe(1);
    expect(await enforced(b)).toBe(0);
    expect((await me(adminOfB.cookie)).json<MeBody>()).toMatchObject({
      tenant: { id: b.tenant.id, mfaEnforced: false },
      mfaSetupRequired: false,
    });
    expect((await listUsers(adminOfB.cookie)).statusCode).toBe(200);
  });

  it('once enforced, a user without MFA reaches /me (mfaSetupRequired) but is refused elsewhere with mfa_setup_required', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const colleague = await makeUser(t, tt, { roles: ['admin'] });
    expect((await listUsers(colleague.cookie)).statusCode).toBe(200);
    expect((await setSecurity({ mfaEnforced: true }, admin.cookie)).statusCode).toBe(200);

    for (const user of [colleague, admin]) {
      const meRes = await me(user.cookie);
      expect(meRes.statusCode).toBe(200);
      expect(meRes.json<MeBody>()).toMatchObject({ tenant: { mfaEnforced: true }, mfaSetupRequired: true });
      const blocked = await listUsers(user.cookie);
      expect(blocked.statusCode).toBe(403);
      expect(errorOf(blocked).code).toBe('mfa_setup_required');
    }
  });

  it('never requires MFA of an external user, who can lift the requirement again', async () => {
    const tt = await makeTenant(t);
    const external = await makeUser(t, tt, { roles: ['admin'], external: true });
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    expect((await setSecurity({ mfaEnforced: true }, admin.cookie)).statusCode).toBe(200);

    expect((await me(external.cookie)).json<MeBody>()).toMatchObject({
      tenant: { mfaEnforced: true },
      mfaSetupRequired: false,
    });
    expect((await listUsers(external.cookie)).statusCode).toBe(200);
    expect((await listUsers(admin.cookie)).statusCode).toBe(403);
    // The administrator who has not enrolled cannot reach the setting any more; the external one can.
    expect(errorOf(await setSecurity({ mfaEnforced: false }, admin.cookie)).code).toBe('mfa_setup_required');
    const lifted = await setSecurity({ mfaEnforced: false }, external.cookie);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ id: tt.tenant.id, mfaEnforced: false });
    expect((await listUsers(admin.cookie)).statusCode).toBe(200);
    expect((await me(admin.cookie)).json<MeBody>().mfaSetupRequired).toBe(false);
  });
});

describe('enforcing MFA by permission', () => {
  it('is allowed to a user holding userManagement.enforceMfa without being a tenant admin', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['userManagement.enforceMfa'] });
    const res = await t.call({
      method: 'PATCH',
      url: '/api/v1/tenant/security',
      cookie: user.cookie,
      body: { mfaEnforced: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.services.tenantsRepository.byId(tt.tenant.id))?.mfa_enforced).toBe(1);
  });
});

describe('PATCH /api/v1/tenant/uploads', () => {
  const patch = (cookie: string | undefined, body: object) =>
    t.call({ method: 'PATCH', url: '/api/v1/tenant/uploads', cookie, body });
  const forbiddenOf = async (cookie: string) =>
    (await t.call({ method: 'GET', url: '/api/v1/me', cookie })).json<{
      tenant: { forbiddenExtensions: string[] };
    }>().tenant.forbiddenExtensions;

  it('sets the tenant’s forbidden extensions, normalised, and /me answers them', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const res = await patch(admin.cookie, { forbiddenExtensions: ['.MOV', 'psd', ' mov '] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: tt.tenant.id, forbiddenExtensions: ['mov', 'psd'] });
    expect(await forbiddenOf(admin.cookie)).toEqual(['mov', 'psd']);
    const stranger = await makeUser(t, await makeTenant(t));
    expect(await forbiddenOf(stranger.cookie)).toEqual([]);
  });

  it('answers 401 without a session, 403 to a non-administrator and 400 naming a bad extension', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    expect((await patch(undefined, { forbiddenExtensions: ['mov'] })).statusCode).toBe(401);
    expect((await patch(user.cookie, { forbiddenExtensions: ['mov'] })).statusCode).toBe(403);
    const bad = await patch(admin.cookie, { forbiddenExtensions: ['m/v'] });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['forbiddenExtensions.0']);
    expect(await forbiddenOf(admin.cookie)).toEqual([]);
  });
});

describe('/api/v1/tenant/upload-location', () => {
  const URL = '/api/v1/tenant/upload-location';
  const read = (cookie?: string) => t.call({ method: 'GET', url: URL, cookie });
  const put = (cookie: string | undefined, body: object) => t.call({ method: 'PUT', url: URL, cookie, body });
  const stored = async (tt: TestTenant) => t.services.tenantsRepository.defaultUploadFolderId(tt.tenant.id);
  const rootOf = async (tt: TestTenant) => t.services.foldersService.rootRow(tt.tenant.id, tt.root.user.id);

  it('is the root until an administrator sets one, and every user reads where their uploads go', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const viewer = await makeUser(t, tt);
    const root = await rootOf(tt);
    const rootAnswer = {
      folderId: null,
      folder: { id: root.id, name: 'Root', path: [{ id: root.id, name: 'Root' }] },
      writable: true,
    };
    expect((await read(viewer.cookie)).json()).toEqual(rootAnswer);

    const news = await makeFolder(t, tt, 'News');
    const today = await makeFolder(t, tt, 'Today', { parentId: news.id });
    const res = await put(admin.cookie, { folderId: today.id });
    expect(res.statusCode).toBe(200);
    const path = [
      { id: root.id, name: 'Root' },
      { id: news.id, name: 'News' },
      { id: today.id, name: 'Today' },
    ];
    expect(res.json()).toEqual({
      folderId: today.id,
      folder: { id: today.id, name: 'Today', path },
      writable: true,
    });
    expect((await read(viewer.cookie)).json()).toEqual(res.json());

    // Choosing the root, or null, is the root again.
    expect((await put(admin.cookie, { folderId: root.id })).json()).toEqual(rootAnswer);
    expect(await stored(tt)).toBeNull();
    await put(admin.cookie, { folderId: today.id });
    expect((await put(admin.cookie, { folderId: null })).json()).toEqual(rootAnswer);
    expect(await stored(tt)).toBeNull();
  });

  it('tells a user who may not upload there so, naming the folder but not its hidden ancestors', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const viewer = await makeUser(t, tt);
    const desk = await makeFolder(t, tt, 'Desk');
    const inbox = await makeFolder(t, tt, 'Inbox', {
      parentId: desk.id,
      visibleTo: { level: 'owner', groups: [] },
    });
    expect((await put(admin.cookie, { folderId: inbox.id })).statusCode).toBe(200);
    expect((await read(viewer.cookie)).json()).toEqual({
      folderId: inbox.id,
      folder: { id: inbox.id, name: 'Inbox', path: [{ id: inbox.id, name: 'Inbox' }] },
      writable: false,
    });
    const locked = await makeFolder(t, tt, 'Locked', { updatableBy: { level: 'owner', groups: [] } });
    await put(admin.cookie, { folderId: locked.id });
    expect((await read(viewer.cookie)).json()).toMatchObject({ folder: { name: 'Locked' }, writable: false });
    expect((await read(admin.cookie)).json()).toMatchObject({ folder: { name: 'Locked' }, writable: true });
  });

  it('answers 401 without a session, and changes nothing', async () => {
    const tt = await makeTenant(t);
    const folder = await makeFolder(t, tt, 'Inbox');
    expect((await read()).statusCode).toBe(401);
    const res = await put(undefined, { folderId: folder.id });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
    expect(await stored(tt)).toBeNull();
  });

  it('answers 403 to a user who is not a tenant administrator, even one who may choose upload folders', async () => {
    const tt = await makeTenant(t);
    const folder = await makeFolder(t, tt, 'Inbox');
    const uploader = await makeUser(t, tt, { permissions: ['item.create', 'userManagement.enforceMfa'] });
    const res = await put(uploader.cookie, { folderId: folder.id });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
    expect(await stored(tt)).toBeNull();
  });

  it('lets a tenant administrator by userManagement.tenantInfo set it', async () => {
    const tt = await makeTenant(t);
    const folder = await makeFolder(t, tt, 'Inbox');
    const info = await makeUser(t, tt, { permissions: ['userManagement.tenantInfo'] });
    expect((await put(info.cookie, { folderId: folder.id })).statusCode).toBe(200);
    expect(await stored(tt)).toBe(folder.id);
  });

  it('answers 404 naming folderId for another tenant’s folder and for one the administrator does not see', async () => {
    const tt = await makeTenant(t);
    const info = await makeUser(t, tt, { permissions: ['userManagement.tenantInfo'] });
    const foreign = await makeFolder(t, await makeTenant(t), 'Theirs');
    const hidden = await makeFolder(t, tt, 'Hidden', { visibleTo: { level: 'owner', groups: [] } });
    for (const folderId of [foreign.id, hidden.id]) {
      const res = await put(info.cookie, { folderId });
      expect(res.statusCode).toBe(404);
      expect(fieldsOf(res)).toEqual(['folderId']);
    }
    expect(await stored(tt)).toBeNull();
  });

  it.each([
    ['a missing folderId', {}],
    ['a folderId that is not an id', { folderId: 'inbox' }],
    ['a folderId that is a number', { folderId: 7 }],
  ])('answers 400 naming folderId for %s, and changes nothing', async (_case, body) => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const res = await put(admin.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['folderId']);
    expect(await stored(tt)).toBeNull();
  });
});

describe('/api/v1/tenant/export-settings', () => {
  const URL = '/api/v1/tenant/export-settings';
  const put = (cookie: string | undefined, body: object) => t.call({ method: 'PUT', url: URL, cookie, body });

  it('sets the tenant’s max file name length for exports, and the names of exported markers keep to it', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    expect((await t.call({ method: 'GET', url: URL, cookie: admin.cookie })).json()).toEqual({
      maxFileNameLength: 120,
    });
    const res = await put(admin.cookie, { maxFileNameLength: 20 });
    expect(res.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: URL, cookie: admin.cookie })).json()).toEqual({
      maxFileNameLength: 20,
    });
    const other = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
    expect((await t.call({ method: 'GET', url: URL, cookie: other.cookie })).json()).toEqual({
      maxFileNameLength: 120,
    });
    const clip = await makeItem(t, tt, {
      ownerId: tt.root.user.id,
      title: 'Cup final highlights, second half',
      itemType: 'video',
    });
    const editor = await makeUser(t, tt, { permissions: ['item.downloadMarkers'] });
    const markers = await t.call({
      method: 'GET',
      url: `/api/v1/items/${clip}/markers?format=csv`,
      cookie: editor.cookie,
    });
    expect(markers.statusCode).toBe(200);
    expect(String(markers.headers['content-disposition'])).toContain('Cup final highli.csv');
  });

  it('answers 401 without a session, 403 to a non-administrator and 400 naming the field', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    expect((await put(undefined, { maxFileNameLength: 60 })).statusCode).toBe(401);
    expect((await put(user.cookie, { maxFileNameLength: 60 })).statusCode).toBe(403);
    for (const bad of [15, 256, 40.5]) {
      const res = await put(admin.cookie, { maxFileNameLength: bad });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['maxFileNameLength']);
    }
  });
});
