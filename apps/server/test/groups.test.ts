import { randomUUID } from 'node:crypto';
import type { Permission } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import { randomToken } from '../src/lib/tokens.ts';
import type { GroupDto } from '../src/modules/groups/groups.service.ts';
import type { UserDto } from '../src/modules/users/users.presenter.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { errorOf, fieldsOf, type RouteCase, routeCases } from './support/responses.ts';
import { makeApiKey, makeTenant, makeUser, type TestTenant } from './support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const makeAdmin = (tt: TestTenant) => makeUser(t, tt, { roles: ['admin'] });

/** A user who never signs in in the test: made through the service, without hashing a password. */
const addUser = (tt: TestTenant, groupIds: string[] = []): Promise<UserDto> =>
  t.services.usersService.create(tt.root, {
    email: `m-${randomToken(6).toLowerCase()}@example.test`,
    name: 'Member',
    groupIds,
  });

const addGroup = (tt: TestTenant, name: string, permissions: Permission[] = []): Promise<GroupDto> =>
  t.services.groupsService.create(tt.root, { name, permissions });

const listGroups = (cookie: string, query = '') =>
  t.call({ method: 'GET', url: `/api/v1/groups${query}`, cookie });
const getGroup = (cookie: string, id: string) =>
  t.call({ method: 'GET', url: `/api/v1/groups/${id}`, cookie });
const patchGroup = (cookie: string, id: string, body: object) =>
  t.call({ method: 'PATCH', url: `/api/v1/groups/${id}`, cookie, body });
const deleteGroup = (cookie: string, id: string) =>
  t.call({ method: 'DELETE', url: `/api/v1/groups/${id}`, cookie });
const effectiveOf = async (cookie: string, userId: string) =>
  (await t.call({ method: 'GET', url: `/api/v1/users/${userId}`, cookie })).json<UserDto>()
    .effectivePermissions;

const NEW_GROUP = 'Brand New Group';
const COLLECTION_ROUTES: RouteCase[] = [
  { route: 'GET /api/v1/groups', method: 'GET', url: () => '/api/v1/groups' },
  {
    route: 'POST /api/v1/groups',
    method: 'POST',
    url: () => '/api/v1/groups',
    body: { name: NEW_GROUP, permissions: ['item.create'] },
  },
];
const ID_ROUTES: RouteCase[] = [
  { route: 'GET /api/v1/groups/{id}', method: 'GET', url: (id) => `/api/v1/groups/${id}` },
  {
    route: 'PATCH /api/v1/groups/{id}',
    method: 'PATCH',
    url: (id) => `/api/v1/groups/${id}`,
    body: { name: 'Renamed', permissions: ['item.delete'], memberIds: [] },
  },
  { route: 'DELETE /api/v1/groups/{id}', method: 'DELETE', url: (id) => `/api/v1/groups/${id}` },
];

/** A group with one member, to show that a refused call left it exactly as it was. */
async function makeTarget(tt: TestTenant): Promise<{ group: GroupDto; member: UserDto }> {
  const group = await addGroup(tt, 'Target Group', ['item.create']);
  const member = await addUser(tt, [group.id]);
  return { group, member };
}

async function expectUntouched(tt: TestTenant, target: { group: GroupDto; member: UserDto }) {
  expect(await t.services.groupsService.get(tt.root, target.group.id)).toEqual({
    ...target.group,
    memberCount: 1,
  });
  const page = await t.services.groupsService.list(tt.root, { from: 0, itemsPerPage: 50 });
  expect(page.items.map((g) => g.name)).not.toContain(NEW_GROUP);
}

describe('every /api/v1/groups route', () => {
  it.each(routeCases([...COLLECTION_ROUTES, ...ID_ROUTES]))(
    '%s answers 401 without credentials and changes nothing',
    async (_route, { method, url, body }) => {
      const tt = await makeTenant(t);
      const target = await makeTarget(tt);
      const res = await t.call({ method, url: url(target.group.id), body });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('unauthorized');
      await expectUntouched(tt, target);
    },
  );

  it.each(routeCases([...COLLECTION_ROUTES, ...ID_ROUTES]))(
    '%s answers 403 to a signed-in user who is not a tenant administrator',
    async (_route, { method, url, body }) => {
      const tt = await makeTenant(t);
      const target = await makeTarget(tt);
      const plain = await makeUser(t, tt, {
        roles: ['support'],
        permissions: ['general.getGroups', 'userManagement.tenantSupport'],
      });
      const res = await t.call({ method, url: url(target.group.id), body, cookie: plain.cookie });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
      await expectUntouched(tt, target);
    },
  );

  it.each(routeCases(ID_ROUTES))(
    "%s answers 404 for another tenant's group, and leaves that group alone",
    async (_route, { method, url, body }) => {
      const a = await makeTenant(t);
      const b = await makeTenant(t);
      const adminOfA = await makeAdmin(a);
      const targetInB = await makeTarget(b);
      const res = await t.call({ method, url: url(targetInB.group.id), body, cookie: adminOfA.cookie });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
      await expectUntouched(b, targetInB);
      // Not even another tenant's organisation group.
      const org = await t.call({
        method,
        url: url(b.tenant.organisation_group_id),
        body,
        cookie: adminOfA.cookie,
      });
      expect(org.statusCode).toBe(404);
    },
  );

  it.each(routeCases(ID_ROUTES))(
    '%s answers 404 for an id that names no group',
    async (_route, { method, url, body }) => {
      const tt = await makeTenant(t);
      const admin = await makeAdmin(tt);
      const res = await t.call({ method, url: url(randomUUID()), body, cookie: admin.cookie });
      expect(res.statusCode).toBe(404);
    },
  );

  it.each(routeCases(ID_ROUTES))(
    '%s answers 400 naming id for an id that is not a UUID',
    async (_route, { method, url, body }) => {
      const tt = await makeTenant(t);
      const admin = await makeAdmin(tt);
      const res = await t.call({ method, url: url('editors'), body, cookie: admin.cookie });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toContain('id');
    },
  );
});

describe('GET /api/v1/groups', () => {
  it("lists the tenant's own groups, the organisation group first, each with its member count", async () => {
    const a = await makeTenant(t);
    const b = await makeTenant(t);
    const admin = await makeAdmin(a);
    const desk = await addGroup(a, 'Desk', ['item.create']);
    const empty = await addGroup(a, 'Archive');
    await addUser(a, [desk.id]);
    await addUser(a, [desk.id]);
    await addUser(a);
    const theirs = await addGroup(b, 'Desk');

    const res = await listGroups(admin.cookie);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page<GroupDto>>();
    expect(page).toMatchObject({ total: 3, from: 0, itemsPerPage: 50 });
    expect(page.items).toEqual([
      {
        id: a.tenant.organisation_group_id,
        name: a.tenant.name,
        permissions: expect.arrayContaining(['item.update']) as string[],
        isOrganisation: true,
        memberCount: 4,
      },
      { id: empty.id, name: 'Archive', permissions: [], isOrganisation: false, memberCount: 0 },
      { id: desk.id, name: 'Desk', permissions: ['item.create'], isOrganisation: false, memberCount: 2 },
    ]);
    expect(page.items.map((g) => g.id)).not.toContain(theirs.id);
  });

  it('finds groups by part of their name, ignoring case, and pages them', async () => {
    const tt = await makeTenant(t);
    const info = await makeUser(t, tt, { permissions: ['userManagement.tenantInfo'] });
    for (const name of ['Sports desk', 'News desk', 'Weather desk', 'Graphics']) await addGroup(tt, name);
    const search = await listGroups(info.cookie, '?search=DESK');
    expect(search.statusCode).toBe(200);
    expect(search.json<Page<GroupDto>>().items.map((g) => g.name)).toEqual([
      'News desk',
      'Sports desk',
      'Weather desk',
    ]);
    const second = (await listGroups(info.cookie, '?search=desk&from=2&itemsPerPage=2')).json<
      Page<GroupDto>
    >();
    expect(second).toMatchObject({ total: 3, from: 2, itemsPerPage: 2 });
    expect(second.items.map((g) => g.name)).toEqual(['Weather desk']);
  });

  it.each([
    ['itemsPerPage=501', 'itemsPerPage'],
    ['from=first', 'from'],
  ])('answers 400 naming the field for ?%s', async (query, field) => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const res = await listGroups(admin.cookie, `?${query}`);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
  });
});

describe('POST /api/v1/groups', () => {
  it('creates an empty group with the given permissions, sorted and without repeats', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/groups',
      cookie: admin.cookie,
      body: { name: '  Producers  ', permissions: ['item.delete', 'item.create', 'item.delete'] },
    });
    expect(res.statusCode).toBe(201);
    const group = res.json<GroupDto>();
    expect(group).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      name: 'Producers',
      permissions: ['item.create', 'item.delete'],
      isOrganisation: false,
      memberCount: 0,
    });
    expect((await getGroup(admin.cookie, group.id)).json()).toEqual(group);
  });

  it('answers 409 for a name already taken in the tenant, in any case, and allows it in another tenant', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    await addGroup(tt, 'Editors');
    const create = (cookie: string, name: string) =>
      t.call({ method: 'POST', url: '/api/v1/groups', cookie, body: { name } });
    for (const name of ['Editors', 'EDITORS', tt.tenant.name.toLowerCase()]) {
      const res = await create(admin.cookie, name);
      expect(res.statusCode, name).toBe(409);
      expect(errorOf(res).code).toBe('conflict');
      expect(fieldsOf(res)).toEqual(['name']);
    }
    expect((await listGroups(admin.cookie)).json<Page<GroupDto>>().total).toBe(2);
    const other = await makeTenant(t);
    expect((await create((await makeAdmin(other)).cookie, 'Editors')).statusCode).toBe(201);
  });

  it.each([
    ['a missing name', {}, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name'],
    ['an unknown permission', { name: 'Ok', permissions: ['item.create', 'item.teleport'] }, 'permissions.1'],
    ['permissions that are not a list', { name: 'Ok', permissions: 'item.create' }, 'permissions'],
  ])('answers 400 naming the field for %s, and creates nothing', async (_case, body, field) => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const res = await t.call({ method: 'POST', url: '/api/v1/groups', cookie: admin.cookie, body });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('bad_request');
    expect(fieldsOf(res)).toContain(field);
    expect((await listGroups(admin.cookie)).json<Page<GroupDto>>().total).toBe(1);
  });
});

describe('GET /api/v1/groups/{id}', () => {
  it('answers one group with its member count, the organisation group marked as such', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const desk = await addGroup(tt, 'Desk', ['general.apiKeys']);
    await addUser(tt, [desk.id]);
    expect((await getGroup(admin.cookie, desk.id)).json()).toEqual({ ...desk, memberCount: 1 });
    const org = await getGroup(admin.cookie, tt.tenant.organisation_group_id);
    expect(org.statusCode).toBe(200);
    expect(org.json()).toMatchObject({ name: tt.tenant.name, isOrganisation: true, memberCount: 2 });
  });
});

describe('PATCH /api/v1/groups/{id}', () => {
  it('renames a group and replaces its permissions', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const desk = await addGroup(tt, 'Desk', ['item.create']);
    const res = await patchGroup(admin.cookie, desk.id, { name: 'News desk', permissions: ['item.delete'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...desk, name: 'News desk', permissions: ['item.delete'] });
    expect((await getGroup(admin.cookie, desk.id)).json()).toEqual(res.json());
    // A patch without a name keeps the name, even one some other group could not take.
    expect((await patchGroup(admin.cookie, desk.id, { permissions: [] })).json()).toMatchObject({
      name: 'News desk',
      permissions: [],
    });
  });

  it("answers 409 for another group's name, and changes nothing", async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    await addGroup(tt, 'Sports');
    const desk = await addGroup(tt, 'Desk', ['item.create']);
    const res = await patchGroup(admin.cookie, desk.id, { name: 'sports', permissions: [] });
    expect(res.statusCode).toBe(409);
    expect(fieldsOf(res)).toEqual(['name']);
    expect((await getGroup(admin.cookie, desk.id)).json()).toEqual(desk);
  });

  it("sets the members, which changes those users' effective permissions", async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const keyHolders = await addGroup(tt, 'Key holders', ['general.apiKeys', 'item.create']);
    const first = await addUser(tt);
    const second = await addUser(tt);
    const third = await addUser(tt);
    expect(await effectiveOf(admin.cookie, first.id)).not.toContain('general.apiKeys');

    // Members are set together with the permissions, as a group editor saves the whole group.
    const setMembers = (memberIds: string[]) =>
      patchGroup(admin.cookie, keyHolders.id, { permissions: keyHolders.permissions, memberIds });
    const set = await setMembers([first.id, second.id, first.id]);
    expect(set.statusCode).toBe(200);
    expect(set.json<GroupDto>().memberCount).toBe(2);
    for (const user of [first, second]) {
      expect(await effectiveOf(admin.cookie, user.id)).toEqual(
        expect.arrayContaining(['general.apiKeys', 'item.create', 'item.upload']),
      );
    }
    expect(await effectiveOf(admin.cookie, third.id)).not.toContain('general.apiKeys');

    // Replacing the members takes the group away from those left out.
    const replaced = await setMembers([third.id]);
    expect(replaced.json<GroupDto>().memberCount).toBe(1);
    expect(await effectiveOf(admin.cookie, first.id)).not.toContain('general.apiKeys');
    expect(await effectiveOf(admin.cookie, third.id)).toContain('general.apiKeys');
    const thirdUser = await t.call({ method: 'GET', url: `/api/v1/users/${third.id}`, cookie: admin.cookie });
    expect(thirdUser.json<UserDto>().groups.map((g) => g.id)).toContain(keyHolders.id);
    const listed = (await listGroups(admin.cookie, '?search=key')).json<Page<GroupDto>>().items;
    expect(listed).toEqual([{ ...keyHolders, memberCount: 1 }]);
  });

  it('reaches a member who calls with an API key at once', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const member = await makeUser(t, tt, { permissions: ['general.apiKeys'] });
    const key = await makeApiKey(t, member);
    const listUsers = () => t.call({ method: 'GET', url: '/api/v1/users', apiKey: key.secret });
    expect((await listUsers()).statusCode).toBe(403);
    const info = await addGroup(tt, 'Info', ['userManagement.tenantInfo']);
    const join = await patchGroup(admin.cookie, info.id, {
      permissions: info.permissions,
      memberIds: [member.id],
    });
    expect(join.statusCode).toBe(200);
    expect((await listUsers()).statusCode).toBe(200);
    expect((await deleteGroup(admin.cookie, info.id)).statusCode).toBe(204);
    expect((await listUsers()).statusCode).toBe(403);
  });

  it("answers 400 naming memberIds for another tenant's user, and changes nothing", async () => {
    const a = await makeTenant(t);
    const b = await makeTenant(t);
    const admin = await makeAdmin(a);
    const desk = await addGroup(a, 'Desk');
    const member = await addUser(a, [desk.id]);
    const stranger = await addUser(b);
    for (const memberIds of [[stranger.id], [member.id, randomUUID()]]) {
      const res = await patchGroup(admin.cookie, desk.id, { name: 'Moved', memberIds });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['memberIds']);
    }
    expect((await getGroup(admin.cookie, desk.id)).json()).toEqual({ ...desk, memberCount: 1 });
  });

  it.each([
    ['an unknown permission', { permissions: ['item.teleport'] }, 'permissions.0'],
    ['a member id that is not a UUID', { memberIds: ['someone'] }, 'memberIds.0'],
    ['a blank name', { name: '' }, 'name'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const desk = await addGroup(tt, 'Desk');
    const res = await patchGroup(admin.cookie, desk.id, body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
    expect((await getGroup(admin.cookie, desk.id)).json()).toEqual(desk);
  });

  it('will not set the members of the organisation group (400 on memberIds), which is everyone', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const res = await patchGroup(admin.cookie, tt.tenant.organisation_group_id, { memberIds: [admin.id] });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['memberIds']);
    const user = await addUser(tt);
    expect((await getGroup(admin.cookie, tt.tenant.organisation_group_id)).json<GroupDto>().memberCount).toBe(
      2,
    );
    expect(
      (await t.call({ method: 'GET', url: `/api/v1/users/${user.id}`, cookie: admin.cookie })).json<UserDto>()
        .groups,
    ).toEqual([{ id: tt.tenant.organisation_group_id, name: tt.tenant.name }]);
  });

  it("narrows the whole tenant through the organisation group's permissions", async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const user = await addUser(tt);
    expect(await effectiveOf(admin.cookie, user.id)).toContain('item.update');
    const res = await patchGroup(admin.cookie, tt.tenant.organisation_group_id, {
      permissions: ['ui.metadata'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isOrganisation: true, permissions: ['ui.metadata'] });
    expect(await effectiveOf(admin.cookie, user.id)).toEqual(['ui.metadata']);
  });
});

describe('DELETE /api/v1/groups/{id}', () => {
  it('deletes the group; its members keep their accounts but lose its permissions', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const desk = await addGroup(tt, 'Desk', ['item.delete']);
    const member = await addUser(tt, [desk.id]);
    expect(await effectiveOf(admin.cookie, member.id)).toContain('item.delete');

    const res = await deleteGroup(admin.cookie, desk.id);
    expect(res.statusCode).toBe(204);
    expect((await getGroup(admin.cookie, desk.id)).statusCode).toBe(404);
    expect((await listGroups(admin.cookie)).json<Page<GroupDto>>().items.map((g) => g.id)).toEqual([
      tt.tenant.organisation_group_id,
    ]);
    const after = await t.call({ method: 'GET', url: `/api/v1/users/${member.id}`, cookie: admin.cookie });
    expect(after.statusCode).toBe(200);
    expect(after.json<UserDto>().groups.map((g) => g.id)).toEqual([tt.tenant.organisation_group_id]);
    expect(after.json<UserDto>().effectivePermissions).not.toContain('item.delete');
  });

  it('refuses (409) to delete the organisation group', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const res = await deleteGroup(admin.cookie, tt.tenant.organisation_group_id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('conflict');
    expect((await getGroup(admin.cookie, tt.tenant.organisation_group_id)).json()).toMatchObject({
      isOrganisation: true,
      memberCount: 1,
    });
  });
});

describe('group edits found wanting once', () => {
  it('sets members alone, without touching name or permissions', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const group = await addGroup(tt, 'Night desk', ['item.create']);
    const member = await addUser(tt);
    const res = await patchGroup(admin.cookie, group.id, { memberIds: [member.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Night desk', permissions: ['item.create'], memberCount: 1 });
    expect(await effectiveOf(admin.cookie, member.id)).toContain('item.upload');
  });

  it('accepts an empty patch and changes nothing', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const group = await addGroup(tt, 'Quiet', ['item.delete']);
    const res = await patchGroup(admin.cookie, group.id, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(group);
  });

  it('renames a group to another capitalisation of its own name', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const group = await addGroup(tt, 'Desk');
    const res = await patchGroup(admin.cookie, group.id, { name: 'DESK' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'DESK' });
  });

  it.each([
    ['Østkant', 'østkant'],
    ['Équipe', 'equipe'],
    ['Påske', 'PASKE'],
  ])('treats %s and %s as the same name on every engine', async (first, second) => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    await addGroup(tt, first);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/groups',
      cookie: admin.cookie,
      body: { name: second },
    });
    expect(res.statusCode).toBe(409);
    expect(fieldsOf(res)).toEqual(['name']);
  });

  it('answers one of two identical creations sent at once with 409, never 500', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const create = () =>
      t.call({ method: 'POST', url: '/api/v1/groups', cookie: admin.cookie, body: { name: 'Race' } });
    const codes = (await Promise.all([create(), create(), create()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
  });

  it('lets only a super admin hand out cross-tenant permissions, by grant or by membership', async () => {
    const tt = await makeTenant(t);
    const admin = await makeAdmin(tt);
    const grant = await t.call({
      method: 'POST',
      url: '/api/v1/groups',
      cookie: admin.cookie,
      body: { name: 'Billing', permissions: ['allTenants.billing'] },
    });
    expect(grant.statusCode).toBe(403);
    const billing = await addGroup(tt, 'Billing', ['allTenants.billing']);
    const join = await patchGroup(admin.cookie, billing.id, { memberIds: [admin.id] });
    expect(join.statusCode).toBe(403);
    expect(await effectiveOf(admin.cookie, admin.id)).not.toContain('allTenants.billing');
  });
});
