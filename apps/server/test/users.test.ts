import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import { randomToken } from '../src/lib/tokens.ts';
import type { UserDto } from '../src/modules/users/users.presenter.ts';
import type { NewUserInput } from '../src/modules/users/users.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { errorOf, fieldsOf, type RouteCase, routeCases } from './support/responses.ts';
import {
  makeTenant,
  makeUser,
  PASSWORD,
  sessionCookieOf,
  signIn,
  type TestTenant,
  type TestUser,
} from './support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const uniqueEmail = (prefix = 'u') => `${prefix}-${randomToken(6).toLowerCase()}@example.test`;

const makeAdmin = (tt: TestTenant) => makeUser(t, tt, { roles: ['admin'], name: 'Ada Admin' });

/** A user who never signs in in the test: made through the service, without hashing a password. */
const addUser = (tt: TestTenant, input: Partial<NewUserInput> = {}): Promise<UserDto> =>
  t.services.usersService.create(tt.root, { email: uniqueEmail(), name: 'Quiet User', ...input });

const me = (cookie: string) => t.call({ method: 'GET', url: '/api/v1/me', cookie });
const login = (tt: TestTenant, email: string, password = PASSWORD) =>
  t.call({ method: 'POST', url: '/api/v1/auth/login', body: { tenant: tt.tenant.slug, email, password } });
const getUser = (cookie: string, id: string) => t.call({ method: 'GET', url: `/api/v1/users/${id}`, cookie });
const patchUser = (cookie: string, id: string, body: object) =>
  t.call({ method: 'PATCH', url: `/api/v1/users/${id}`, cookie, body });
const createUser = (cookie: string, body: object) =>
  t.call({ method: 'POST', url: '/api/v1/users', cookie, body });
const listUsers = (cookie: string, query = '') =>
  t.call({ method: 'GET', url: `/api/v1/users${query}`, cookie });

/** The one-time sign-in links mailed to an address, oldest first. */
async function signInCodesMailedTo(email: string): Promise<string[]> {
  const mails = await t.services.outboxRepository.byRecipient(email);
  return mails.map((mail) => {
    const match = /\/sign-in-code\?code=(\S+)/.exec(mail.text_body);
    if (!match?.[1]) throw new Error(`no sign-in link in: ${mail.text_body}`);
    expect(mail.text_body).toContain(`${t.config.publicUrl}/sign-in-code?code=`);
    return decodeURIComponent(match[1]);
  });
}

const signInWithCode = (code: string) =>
  t.call({ method: 'POST', url: '/api/v1/auth/sign-in-code', body: { code } });

const NEW_EMAIL = 'brand-new@example.test';
const COLLECTION_ROUTES: RouteCase[] = [
  { route: 'GET /api/v1/users', method: 'GET', url: () => '/api/v1/users' },
  {
    route: 'POST /api/v1/users',
    method: 'POST',
    url: () => '/api/v1/users',
    body: { email: NEW_EMAIL, name: 'Brand New', invite: true },
  },
];
const ID_ROUTES: RouteCase[] = [
  { route: 'GET /api/v1/users/{id}', method: 'GET', url: (id) => `/api/v1/users/${id}` },
  {
    route: 'PATCH /api/v1/users/{id}',
    method: 'PATCH',
    url: (id) => `/api/v1/users/${id}`,
    body: { name: 'Renamed', active: false, permissions: ['item.create'] },
  },
  { route: 'DELETE /api/v1/users/{id}', method: 'DELETE', url: (id) => `/api/v1/users/${id}` },
  { route: 'POST /api/v1/users/{id}/logout', method: 'POST', url: (id) => `/api/v1/users/${id}/logout` },
  { route: 'POST /api/v1/users/{id}/invite', method: 'POST', url: (id) => `/api/v1/users/${id}/invite` },
];

/** The target of a refused call is still there, unchanged, signed in, and was mailed nothing. */
async function expectUntouched(tt: TestTenant, target: TestUser): Promise<void> {
  const row = await t.services.usersRepository.byId(tt.tenant.id, target.id);
  expect(row).toMatchObject({ name: 'Target User', active: 1, permissions: '[]' });
  expect((await me(target.cookie)).statusCode).toBe(200);
  expect(await t.services.outboxRepository.byRecipient(target.email)).toEqual([]);
}

describe('every /api/v1/users route', () => {
  it.each(routeCases([...COLLECTION_ROUTES, ...ID_ROUTES]))(
    '%s answers 401 without credentials and changes nothing',
    async (_route, { method, url, body }) => {
      const tt = await makeTenant(t);
      const target = await makeUser(t, tt, { name: 'Target User' });
      const res = await t.call({ method, url: url(target.id), body });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('unauthorized');
      await expectUntouched(tt, target);
      expect(await t.services.usersRepository.byEmail(tt.tenant.id, NEW_EMAIL)).toBeUndefined();
    },
  );

  it.each(routeCases([...COLLECTION_ROUTES, ...ID_ROUTES]))(
    '%s answers 403 to a signed-in user who is not a tenant administrator',
    async (_route, { method, url, body }) => {
      const tt = await makeTenant(t);
      // Plenty of permissions and the support role, but neither admin, super admin nor tenantInfo.
      const plain = await makeUser(t, tt, {
        roles: ['support'],
        permissions: ['general.apiKeys', 'general.getGroups', 'userManagement.tenantSupport'],
      });
      const target = await makeUser(t, tt, { name: 'Target User' });
      const res = await t.call({ method, url: url(target.id), body, cookie: plain.cookie });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
      await expectUntouched(tt, target);
      expect(await t.services.usersRepository.byEmail(tt.tenant.id, NEW_EMAIL)).toBeUndefined();
    },
  );

  it.each(routeCases(ID_ROUTES))(
    "%s answers 404 for another tenant's user, and leaves that user alone",
    async (_route, { method, url, body }) => {
      const a = await makeTenant(t);
      const b = await makeTenant(t);
      const adminOfA = await makeAdmin(a);
      const userOfB = await makeUser(t, b, { name: 'Target User' });
      const res = await t.call({ method, url: url(userOfB.id), body, cookie: adminOfA.cookie });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
      await expectUntouched(b, userOfB);
    },
  );

  it.each(routeCases(ID_ROUTES))(
    '%s answers 404 for an id that names no user',
    async (_route, { method, url, body }) => {
      const tt = await makeTenant(t);
      const admin = await makeAdmin(tt);
      const res = await t.call({ method, url: url(randomUUID()), body, cookie: admin.cookie });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
    },
  );

  it.each(routeCases(ID_ROUTES))(
    '%s answers 400 naming id for an id that is not a UUID',
    async (_route, { method, url, body }) => {
      const tt = await makeTenant(t);
      const admin = await makeAdmin(tt);
      const res = await t.call({ method, url: url('not-a-uuid'), body, cookie: admin.cookie });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('bad_request');
      expect(fieldsOf(res)).toContain('id');
    },
  );
});

describe('GET /api/v1/users/directory', () => {
  const directory = (cookie: string | undefined, query = '') =>
    t.call({ method: 'GET', url: `/api/v1/users/directory${query}`, cookie });

  it("gives any signed-in user the names of their own tenant's active, not hidden users, and nothing more", async () => {
    const tt = await makeTenant(t);
    const viewer = await makeUser(t, tt, { name: 'Vera Viewer' });
    const colleague = await addUser(tt, { name: 'Åse Ås' });
    const hidden = await addUser(tt, { name: 'Hanne Hidden' });
    await t.services.usersService.update(tt.root, hidden.id, { hidden: true });
    const gone = await addUser(tt, { name: 'Dag Deactivated' });
    await t.services.usersService.update(tt.root, gone.id, { active: false });
    await addUser(await makeTenant(t), { name: 'Other Tenant' });

    const res = await directory(viewer.cookie);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page<{ id: string; name: string }>>();
    // In the database's name order, which differs between engines for "Å".
    expect([...page.items].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: viewer.id, name: 'Vera Viewer' },
        { id: colleague.id, name: 'Åse Ås' },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(page.total).toBe(2);
    const found = (await directory(viewer.cookie, '?search=ase')).json<Page<{ name: string }>>();
    expect(found.items.map((u) => u.name)).toEqual(['Åse Ås']);
  });

  it('answers 400 naming itemsPerPage for a bad page size, and 401 without a session', async () => {
    const viewer = await makeUser(t, await makeTenant(t));
    const bad = await directory(viewer.cookie, '?itemsPerPage=0');
    expect([bad.statusCode, fieldsOf(bad)]).toEqual([400, ['itemsPerPage']]);
    expect((await directory(undefined)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/users', () => {
  it("lists the users of the caller's own tenant only, as User objects", async () => {
    const a = await makeTenant(t);
    const b = await makeTenant(t);
    const admin = await makeAdmin(a);
    const colleague = await addUser(a, { name: 'Cora Colleague', permissions: ['general.apiKeys'] });
    const stranger = await addUser(b);

    const res = await listUsers(admin.cookie);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page<UserDto>>();
    expect(page).toMatchObject({ total: 2, from: 0, itemsPerPage: 50 });
    expect(page.items.map((u) => u.id).sort()).toEqual([admin.id, colleague.id].sort());
    expect(page.items.map((u) => u.id)).not.toContain(stranger.id);

    const listed = page.items.find((u) => u.id === colleague.id);
    expect(listed).toEqual({
      id: colleague.id,
      email: colleague.email,
      name: 'Cora Colleague',
      groups: [{ id: a.tenant.organisation_group_id, name: a.tenant.name }],
      permissions: ['general.apiKeys'],
      effectivePermissions: expect.arrayContaining(['general.apiKeys', 'item.update']) as string[],
      roles: [],
      active: true,
      hidden: false,
      external: false,
      mfaEnabled: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) as string,
      lastSignInAt: null,
    });
    expect(page.items.find((u) => u.id === admin.id)?.lastSignInAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('is open to a tenant administrator by the userManagement.tenantInfo permission, without a role', async () => {
    const tt = await makeTenant(t);
    const info = await makeUser(t, tt, { permissions: ['userManagement.tenantInfo'] });
    const res = await listUsers(info.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<Page<UserDto>>().items.map((u) => u.id)).toEqual([info.id]);
  });

  it('finds users by part of their name or e-mail, ignoring case', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const berg = await addUser(tt, { name: 'Oddny Bergersen', email: 'oddny@newsroom.test' });
    const kari = await addUser(tt, { name: 'Kari Nordmann', email: 'kari@fjordposten.test' });
    const ids = async (search: string) => {
      const res = await listUsers(admin.cookie, `?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      const page = res.json<Page<UserDto>>();
      expect(page.total).toBe(page.items.length);
      return page.items.map((u) => u.id);
    };
    expect(await ids('BERGER')).toEqual([berg.id]);
    expect(await ids('FjordPosten')).toEqual([kari.id]);
    expect(await ids('.test')).toHaveLength(3);
    expect(await ids('nobody-by-that-name')).toEqual([]);
    // LIKE wildcards in the search are taken literally.
    expect(await ids('%')).toEqual([]);
  });

  it('leaves hidden users out unless includeHidden=true', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const shown = await addUser(tt, { name: 'Shown' });
    const hidden = await addUser(tt, { name: 'Hidden' });
    const hide = await patchUser(admin.cookie, hidden.id, { hidden: true });
    expect(hide.statusCode).toBe(200);
    expect(hide.json<UserDto>().hidden).toBe(true);

    const byDefault = (await listUsers(admin.cookie)).json<Page<UserDto>>();
    expect(byDefault.items.map((u) => u.id).sort()).toEqual([admin.id, shown.id].sort());
    expect(byDefault.total).toBe(2);
    const all = (await listUsers(admin.cookie, '?includeHidden=true')).json<Page<UserDto>>();
    expect(all.total).toBe(3);
    expect(all.items.find((u) => u.id === hidden.id)).toMatchObject({ hidden: true });
    expect((await listUsers(admin.cookie, '?includeHidden=false')).json<Page<UserDto>>().total).toBe(2);
  });

  it('pages with from and itemsPerPage, ordered by name, answering the total', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    for (const name of ['Page D', 'Page B', 'Page A', 'Page C']) await addUser(tt, { name });
    const pageAt = async (from: number) => {
      const res = await listUsers(admin.cookie, `?search=page&from=${from}&itemsPerPage=3`);
      expect(res.statusCode).toBe(200);
      return res.json<Page<UserDto>>();
    };
    const first = await pageAt(0);
    expect(first).toMatchObject({ total: 4, from: 0, itemsPerPage: 3 });
    expect(first.items.map((u) => u.name)).toEqual(['Page A', 'Page B', 'Page C']);
    const second = await pageAt(3);
    expect(second).toMatchObject({ total: 4, from: 3, itemsPerPage: 3 });
    expect(second.items.map((u) => u.name)).toEqual(['Page D']);
    expect((await pageAt(4)).items).toEqual([]);
  });

  it.each([
    ['itemsPerPage=501', 'itemsPerPage'],
    ['itemsPerPage=0', 'itemsPerPage'],
    ['from=-1', 'from'],
    ['includeHidden=perhaps', 'includeHidden'],
  ])('answers 400 naming the field for ?%s', async (query, field) => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const res = await listUsers(admin.cookie, `?${query}`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('bad_request');
    expect(fieldsOf(res)).toContain(field);
  });
});

describe('POST /api/v1/users', () => {
  it('creates a user in the organisation group and the given groups, who signs in with the password', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const editors = await t.services.groupsService.create(tt.root, {
      name: 'Editors',
      permissions: ['item.create'],
    });
    const res = await createUser(admin.cookie, {
      email: 'Nina@Example.test',
      name: 'Nina Nilsen',
      password: 'a long enough password',
      groupIds: [editors.id],
      permissions: ['general.apiKeys'],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<UserDto>();
    expect(created).toMatchObject({
      email: 'Nina@Example.test',
      name: 'Nina Nilsen',
      permissions: ['general.apiKeys'],
      roles: [],
      active: true,
      hidden: false,
      external: false,
      lastSignInAt: null,
    });
    expect(created.groups.map((g) => g.id).sort()).toEqual(
      [tt.tenant.organisation_group_id, editors.id].sort(),
    );
    expect(created.effectivePermissions).toEqual(
      expect.arrayContaining(['general.apiKeys', 'item.create', 'item.upload']),
    );
    expect((await getUser(admin.cookie, created.id)).json()).toEqual(created);
    const cookie = await signIn(t, tt.tenant.slug, 'nina@example.test', 'a long enough password');
    expect((await me(cookie)).json()).toMatchObject({ user: { id: created.id } });
  });

  it('answers 409 naming email for an address already in use in the tenant, in any case', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const res = await createUser(admin.cookie, { email: admin.email.toUpperCase(), name: 'Twin' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('conflict');
    expect(fieldsOf(res)).toEqual(['email']);
    // Another tenant is another namespace.
    const other = await makeTenant(t);
    const otherAdmin = await makeAdmin(other);
    expect((await createUser(otherAdmin.cookie, { email: admin.email, name: 'Namesake' })).statusCode).toBe(
      201,
    );
  });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['a missing e-mail', { email: undefined }, 'email'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a password under 8 characters', { password: 'short' }, 'password'],
    ['an unknown permission', { permissions: ['general.apiKeys', 'item.fly'] }, 'permissions.1'],
    ['an unknown role', { roles: ['emperor'] }, 'roles.0'],
    ['a group id that is not a UUID', { groupIds: ['editors'] }, 'groupIds.0'],
    ['a non-boolean invite', { invite: 'yes' }, 'invite'],
  ])('answers 400 naming the field for %s, and creates no one', async (_case, override, field) => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const email = uniqueEmail('bad');
    const res = await createUser(admin.cookie, { email, name: 'Bad Input', ...override });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('bad_request');
    expect(fieldsOf(res)).toContain(field);
    expect(await t.services.usersRepository.byEmail(tt.tenant.id, email)).toBeUndefined();
  });

  it("answers 400 naming groupIds for another tenant's group, and creates no one", async () => {
    const a = await makeTenant(t);
    const b = await makeTenant(t);
    const admin = await makeAdmin(a);
    const groupOfB = await t.services.groupsService.create(b.root, { name: 'Theirs' });
    const email = uniqueEmail('cross');
    for (const groupIds of [[groupOfB.id], [b.tenant.organisation_group_id], [randomUUID()]]) {
      const res = await createUser(admin.cookie, { email, name: 'Cross', groupIds });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['groupIds']);
    }
    expect(await t.services.usersRepository.byEmail(a.tenant.id, email)).toBeUndefined();
  });

  it('is open to a tenantInfo user, who may not grant roles (403)', async () => {
    const tt = await makeTenant(t);
    const info = await makeUser(t, tt, { permissions: ['userManagement.tenantInfo'] });
    const refused = await createUser(info.cookie, {
      email: uniqueEmail(),
      name: 'Would-be Admin',
      roles: ['admin'],
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden');
    const ok = await createUser(info.cookie, {
      email: uniqueEmail(),
      name: 'Plain Colleague',
      permissions: ['userManagement.tenantInfo'],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<UserDto>()).toMatchObject({ roles: [], permissions: ['userManagement.tenantInfo'] });
  });

  it('lets an admin grant the admin role, and only a super admin grant superAdmin', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const superAdmin = await makeUser(t, tt, { roles: ['superAdmin'] });
    const asAdmin = await createUser(admin.cookie, {
      email: uniqueEmail(),
      name: 'Too High',
      roles: ['superAdmin'],
    });
    expect(asAdmin.statusCode).toBe(403);
    const adminOk = await createUser(admin.cookie, { email: uniqueEmail(), name: 'Peer', roles: ['admin'] });
    expect(adminOk.statusCode).toBe(201);
    expect(adminOk.json<UserDto>().roles).toEqual(['admin']);
    const asSuper = await createUser(superAdmin.cookie, {
      email: uniqueEmail(),
      name: 'Successor',
      roles: ['superAdmin'],
    });
    expect(asSuper.statusCode).toBe(201);
    expect(asSuper.json<UserDto>().roles).toEqual(['superAdmin']);
  });

  it('with invite: true, e-mails a one-time sign-in link that signs the new user in once', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const email = uniqueEmail('invited');
    const res = await createUser(admin.cookie, { email, name: 'Invited Ivar', invite: true });
    expect(res.statusCode).toBe(201);
    const invited = res.json<UserDto>();
    const [code, ...more] = await signInCodesMailedTo(email);
    expect(more).toEqual([]);

    const first = await signInWithCode(code ?? '');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ user: { id: invited.id, email }, tenant: { id: tt.tenant.id } });
    expect((await me(sessionCookieOf(first))).json()).toMatchObject({ user: { id: invited.id } });

    const again = await signInWithCode(code ?? '');
    expect(again.statusCode).toBe(400);
    expect(fieldsOf(again)).toEqual(['code']);
  });

  it('without invite, mails nothing', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const email = uniqueEmail('quiet');
    expect((await createUser(admin.cookie, { email, name: 'Quiet' })).statusCode).toBe(201);
    expect(await t.services.outboxRepository.byRecipient(email)).toEqual([]);
  });
});

describe('GET /api/v1/users/{id}', () => {
  it('answers one user of the tenant, for an admin and for a tenantInfo user', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const info = await makeUser(t, tt, { permissions: ['userManagement.tenantInfo'] });
    const user = await addUser(tt, { name: 'Looked Up', permissions: ['item.delete'] });
    for (const caller of [admin, info]) {
      const res = await getUser(caller.cookie, user.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(user);
    }
  });
});

describe('PATCH /api/v1/users/{id}', () => {
  it('changes name, permissions and groups, keeping the organisation group, and answers the new user', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const desk = await t.services.groupsService.create(tt.root, { name: 'Desk' });
    const user = await addUser(tt, { name: 'Before' });
    const res = await patchUser(admin.cookie, user.id, {
      name: 'After',
      permissions: ['item.delete', 'general.apiKeys', 'item.delete'],
      groupIds: [desk.id],
    });
    expect(res.statusCode).toBe(200);
    const changed = res.json<UserDto>();
    expect(changed).toMatchObject({
      id: user.id,
      name: 'After',
      permissions: ['general.apiKeys', 'item.delete'],
    });
    expect(changed.groups.map((g) => g.id).sort()).toEqual([tt.tenant.organisation_group_id, desk.id].sort());
    expect((await getUser(admin.cookie, user.id)).json()).toEqual(changed);

    const leave = await patchUser(admin.cookie, user.id, { groupIds: [] });
    expect(leave.json<UserDto>().groups.map((g) => g.id)).toEqual([tt.tenant.organisation_group_id]);
  });

  it('takes effect on the user’s next request', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const user = await makeUser(t, tt);
    const keys = () => t.call({ method: 'GET', url: '/api/v1/api-keys', cookie: user.cookie });
    expect((await keys()).statusCode).toBe(403);
    expect((await patchUser(admin.cookie, user.id, { permissions: ['general.apiKeys'] })).statusCode).toBe(
      200,
    );
    expect((await keys()).statusCode).toBe(200);
  });

  it.each([
    ['an unknown permission', { permissions: ['item.fly'] }, 'permissions.0'],
    ['an unknown role', { roles: ['emperor'] }, 'roles.0'],
    ['a non-boolean active', { active: 'no' }, 'active'],
    ['a non-boolean hidden', { hidden: 1 }, 'hidden'],
    ['an empty name', { name: '' }, 'name'],
    ['a group id that is not a UUID', { groupIds: [42] }, 'groupIds.0'],
  ])('answers 400 naming the field for %s, and changes nothing', async (_case, body, field) => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const user = await addUser(tt, { name: 'Unchanged' });
    const res = await patchUser(admin.cookie, user.id, { name: 'Changed', ...body });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
    expect((await getUser(admin.cookie, user.id)).json()).toEqual(user);
  });

  it("answers 400 naming groupIds for another tenant's group, and changes nothing", async () => {
    const a = await makeTenant(t);
    const b = await makeTenant(t);
    const admin = await makeAdmin(a);
    const groupOfB = await t.services.groupsService.create(b.root, { name: 'Theirs' });
    const user = await addUser(a);
    const res = await patchUser(admin.cookie, user.id, { name: 'Moved', groupIds: [groupOfB.id] });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['groupIds']);
    expect((await getUser(admin.cookie, user.id)).json()).toEqual(user);
  });

  it('will not let an administrator deactivate themselves (400 on active)', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const res = await patchUser(admin.cookie, admin.id, { active: false });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['active']);
    expect((await me(admin.cookie)).statusCode).toBe(200);
  });

  it('deactivating ends the user’s sessions and refuses sign-in; reactivating lets them sign in again', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const user = await makeUser(t, tt);

    const off = await patchUser(admin.cookie, user.id, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<UserDto>().active).toBe(false);
    const refusedRequest = await me(user.cookie);
    expect(refusedRequest.statusCode).toBe(401);
    expect(errorOf(refusedRequest).code).toBe('unauthorized');
    const refusedSignIn = await login(tt, user.email);
    expect(refusedSignIn.statusCode).toBe(403);
    expect(refusedSignIn.json()).toEqual({
      error: { code: 'account_deactivated', message: 'Your account is currently deactivated' },
    });

    const on = await patchUser(admin.cookie, user.id, { active: true });
    expect(on.json<UserDto>().active).toBe(true);
    // The old session stays ended: deactivation deleted it rather than merely blocking it.
    expect((await me(user.cookie)).statusCode).toBe(401);
    const back = await login(tt, user.email);
    expect(back.statusCode).toBe(200);
    expect((await me(sessionCookieOf(back))).json()).toMatchObject({ user: { id: user.id, active: true } });
  });

  it('lets a tenantInfo user change permissions but not roles (403)', async () => {
    const tt = await makeTenant(t);
    const info = await makeUser(t, tt, { permissions: ['userManagement.tenantInfo'] });
    const user = await addUser(tt);
    const roles = await patchUser(info.cookie, user.id, { roles: ['admin'] });
    expect(roles.statusCode).toBe(403);
    expect(errorOf(roles).code).toBe('forbidden');
    const selfPromotion = await patchUser(info.cookie, info.id, { roles: ['admin'] });
    expect(selfPromotion.statusCode).toBe(403);
    expect((await getUser(info.cookie, user.id)).json<UserDto>().roles).toEqual([]);
    expect((await getUser(info.cookie, info.id)).json<UserDto>().roles).toEqual([]);

    const perms = await patchUser(info.cookie, user.id, { permissions: ['item.delete'], roles: [] });
    expect(perms.statusCode).toBe(200);
    expect(perms.json<UserDto>().permissions).toEqual(['item.delete']);
  });

  it('lets only a super admin grant or take away superAdmin', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const superAdmin = await makeUser(t, tt, { roles: ['superAdmin'] });
    const user = await addUser(tt);
    const boss = await addUser(tt, { roles: ['superAdmin'] });

    expect((await patchUser(admin.cookie, user.id, { roles: ['superAdmin'] })).statusCode).toBe(403);
    expect((await patchUser(admin.cookie, boss.id, { roles: [] })).statusCode).toBe(403);
    expect((await patchUser(admin.cookie, user.id, { roles: ['admin'] })).json<UserDto>().roles).toEqual([
      'admin',
    ]);
    const granted = await patchUser(superAdmin.cookie, user.id, { roles: ['superAdmin'] });
    expect(granted.statusCode).toBe(200);
    expect(granted.json<UserDto>().roles).toEqual(['superAdmin']);
  });

  it("counts group permissions and their implications in the user's effective permissions", async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    // Narrow the whole tenant first, so nothing below comes from the organisation's defaults.
    await t.services.groupsService.update(tt.root, tt.tenant.organisation_group_id, { permissions: [] });
    const creators = await t.services.groupsService.create(tt.root, {
      name: 'Creators',
      permissions: ['item.create'],
    });
    const user = await addUser(tt);
    const before = (await getUser(admin.cookie, user.id)).json<UserDto>();
    expect(before.effectivePermissions).toEqual([]);

    const after = (await patchUser(admin.cookie, user.id, { groupIds: [creators.id] })).json<UserDto>();
    expect(after.permissions).toEqual([]);
    expect(after.effectivePermissions).toEqual(
      [
        'general.mimirCutter',
        'item.create',
        'item.dependenciesOnExportSequence',
        'item.exportSequence',
        'item.upload',
        'share.requestUpload',
      ].sort(),
    );
  });
});

describe('DELETE /api/v1/users/{id}', () => {
  it('deletes the user: gone from the tenant, signed out, and unable to sign in', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const user = await makeUser(t, tt);
    const res = await t.call({ method: 'DELETE', url: `/api/v1/users/${user.id}`, cookie: admin.cookie });
    expect(res.statusCode).toBe(204);
    expect((await getUser(admin.cookie, user.id)).statusCode).toBe(404);
    expect((await listUsers(admin.cookie)).json<Page<UserDto>>().items.map((u) => u.id)).toEqual([admin.id]);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await login(tt, user.email)).statusCode).toBe(401);
  });

  it('refuses (403) to delete an external user', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const external = await makeUser(t, tt, { external: true });
    const res = await t.call({ method: 'DELETE', url: `/api/v1/users/${external.id}`, cookie: admin.cookie });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'forbidden', message: MESSAGES.externalUserProtected });
    expect((await getUser(admin.cookie, external.id)).json()).toMatchObject({ external: true });
    expect((await me(external.cookie)).statusCode).toBe(200);
  });

  it('will not let an administrator delete themselves (400 on id)', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const res = await t.call({ method: 'DELETE', url: `/api/v1/users/${admin.id}`, cookie: admin.cookie });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['id']);
    expect((await me(admin.cookie)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/users/{id}/logout', () => {
  it('ends every session of the user, who can sign in again; the caller stays signed in', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const user = await makeUser(t, tt);
    const secondDevice = await signIn(t, tt.tenant.slug, user.email);
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/users/${user.id}/logout`,
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(204);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(secondDevice)).statusCode).toBe(401);
    expect((await me(admin.cookie)).statusCode).toBe(200);
    expect((await me(await signIn(t, tt.tenant.slug, user.email))).statusCode).toBe(200);
  });

  it('refuses (403) to log out an external user, whose session goes on', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const external = await makeUser(t, tt, { external: true });
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/users/${external.id}/logout`,
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'forbidden', message: MESSAGES.externalUserProtected });
    expect((await me(external.cookie)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/users/{id}/invite', () => {
  it('e-mails a fresh one-time sign-in link, which voids the earlier one', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const user = await addUser(tt, { email: uniqueEmail('again') });
    const invite = () =>
      t.call({ method: 'POST', url: `/api/v1/users/${user.id}/invite`, cookie: admin.cookie });
    expect((await invite()).statusCode).toBe(202);
    expect((await invite()).statusCode).toBe(202);
    const [older, fresh] = await signInCodesMailedTo(user.email);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(older);

    expect((await signInWithCode(older ?? '')).statusCode).toBe(400);
    const signedIn = await signInWithCode(fresh ?? '');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { id: user.id } });
    expect((await signInWithCode(fresh ?? '')).statusCode).toBe(400);
  });

  it('answers 400 naming id for a deactivated user, and mails nothing', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const user = await addUser(tt);
    await patchUser(admin.cookie, user.id, { active: false });
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/users/${user.id}/invite`,
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['id']);
    expect(await t.services.outboxRepository.byRecipient(user.email)).toEqual([]);
  });
});

describe('the limits of a tenant administrator', () => {
  const patchUser = (cookie: string, id: string, body: object) =>
    t.call({ method: 'PATCH', url: `/api/v1/users/${id}`, cookie, body });

  it('keeps a tenantInfo administrator from managing an admin', async () => {
    const tt = await makeTenant(t);
    const info = await makeUser(t, tt, { permissions: ['userManagement.tenantInfo'] });
    const admin = await addUser(tt, { roles: ['admin'] });
    for (const res of [
      await patchUser(info.cookie, admin.id, { active: false }),
      await t.call({ method: 'DELETE', url: `/api/v1/users/${admin.id}`, cookie: info.cookie }),
      await t.call({ method: 'POST', url: `/api/v1/users/${admin.id}/logout`, cookie: info.cookie }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await t.services.usersRepository.byId(tt.tenant.id, admin.id))?.active).toBe(1);
  });

  it('lets only a super admin grant cross-tenant permissions, directly or through a group', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const user = await addUser(tt);
    expect((await patchUser(admin.cookie, user.id, { permissions: ['allTenants.write'] })).statusCode).toBe(
      403,
    );
    const group = await t.services.groupsService.create(tt.root, {
      name: 'Operators',
      permissions: ['allTenants.tunnel'],
    });
    expect((await patchUser(admin.cookie, user.id, { groupIds: [group.id] })).statusCode).toBe(403);
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/users',
      cookie: admin.cookie,
      body: { email: uniqueEmail(), name: 'Sneaky', permissions: ['allTenants.billing'] },
    });
    expect(created.statusCode).toBe(403);
    const superAdmin = await makeUser(t, tt, { roles: ['superAdmin'] });
    expect(
      (await patchUser(superAdmin.cookie, user.id, { permissions: ['allTenants.write'] })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['Øystein Ærlig', 'øystein'],
    ['Øystein Ærlig', 'OYSTEIN'],
    ['Øystein Ærlig', 'ærlig'],
    ['Hélène Dubois', 'helene'],
    ['Pål Åsen', 'PÅL'],
  ])('finds %s by searching %s, ignoring case and diacritics', async (name, search) => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    await addUser(tt, { name });
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/users?search=${encodeURIComponent(search)}`,
      cookie: admin.cookie,
    });
    expect(res.json<Page<UserDto>>().items.map((u) => u.name)).toEqual([name]);
  });

  it('answers one of two identical creations sent at once with 409, never 500', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const body = { email: uniqueEmail(), name: 'Twin' };
    const create = () => t.call({ method: 'POST', url: '/api/v1/users', cookie: admin.cookie, body });
    const codes = (await Promise.all([create(), create()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
  });
});
