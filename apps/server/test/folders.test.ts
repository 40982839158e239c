import { randomUUID } from 'node:crypto';
import { MESSAGES, type Permission } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import type { FolderDto } from '../src/modules/folders/folders.service.ts';
import type { ItemSummaryDto } from '../src/modules/items/items.presenter.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeFolder, makeItem, revokeFromEveryone } from './support/items.ts';
import { errorOf, fieldsOf, routeCases, type RouteCase } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const call = (user: TestUser, method: RouteCase['method'], url: string, body?: object) =>
  t.call({ method, url, cookie: user.cookie, ...(body ? { body } : {}) });
const rootOf = async (user: TestUser) => (await call(user, 'GET', '/api/v1/folders/root')).json<FolderDto>();
const childrenOf = async (user: TestUser, id: string) =>
  (await call(user, 'GET', `/api/v1/folders/${id}/children`)).json<Page<FolderDto>>();

describe('the root folder', () => {
  it('exists once per tenant and is the start of every path', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const [a, b] = await Promise.all([rootOf(user), rootOf(user)]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({
      isRoot: true,
      parentId: null,
      path: [{ id: a.id, name: 'Root' }],
      canDelete: false,
    });
    const other = await rootOf(await makeUser(t, await makeTenant(t)));
    expect(other.id).not.toBe(a.id);
  });

  it('cannot be renamed, moved or deleted', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const root = await rootOf(admin);
    const rename = await call(admin, 'PATCH', `/api/v1/folders/${root.id}`, { name: 'Top' });
    expect(rename.statusCode).toBe(400);
    expect(fieldsOf(rename)).toEqual(['name']);
    expect((await call(admin, 'DELETE', `/api/v1/folders/${root.id}`)).statusCode).toBe(400);
  });
});

describe('the folder tree', () => {
  it('creates nested folders, lists children by name with a total, and answers their path', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const root = await rootOf(user);
    const make = async (name: string, parentId: string) =>
      (await call(user, 'POST', '/api/v1/folders', { name, parentId })).json<FolderDto>();
    const news = await make('Nyheter', root.id);
    await make('Arkiv', root.id);
    const sport = await make('Sport', news.id);
    expect(sport.path.map((p) => p.name)).toEqual(['Root', 'Nyheter', 'Sport']);
    expect(sport.owner.id).toBe(user.id);
    const page = await childrenOf(user, root.id);
    expect(page.items.map((f) => f.name)).toEqual(['Arkiv', 'Nyheter']);
    expect(page.total).toBe(2);
    const second = await call(user, 'GET', `/api/v1/folders/${root.id}/children?from=1&itemsPerPage=1`);
    expect(second.json<Page<FolderDto>>().items.map((f) => f.name)).toEqual(['Nyheter']);
  });

  it('refuses a second folder of the same name (any case or accents) under one parent, not elsewhere', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const root = await rootOf(user);
    const first = (
      await call(user, 'POST', '/api/v1/folders', { name: 'Påske', parentId: root.id })
    ).json<FolderDto>();
    const twin = await call(user, 'POST', '/api/v1/folders', { name: 'paske', parentId: root.id });
    expect(twin.statusCode).toBe(409);
    expect(fieldsOf(twin)).toEqual(['name']);
    const nested = await call(user, 'POST', '/api/v1/folders', { name: 'Påske', parentId: first.id });
    expect(nested.statusCode).toBe(201);
  });

  it('renames and moves a folder, but never into itself or below itself', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const a = await makeFolder(t, tt, 'A');
    const b = await makeFolder(t, tt, 'B');
    const child = await makeFolder(t, tt, 'Child', { parentId: a.id });
    const moved = await call(user, 'PATCH', `/api/v1/folders/${a.id}`, { name: 'A2', parentId: b.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<FolderDto>().path.map((p) => p.name)).toEqual(['Root', 'B', 'A2']);
    for (const parentId of [a.id, child.id]) {
      const loop = await call(user, 'PATCH', `/api/v1/folders/${a.id}`, { parentId });
      expect(loop.statusCode).toBe(400);
      expect(fieldsOf(loop)).toEqual(['parentId']);
    }
  });

  it('deletes a folder with its subfolders and sends every item inside to the recycle bin', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { roles: ['admin'] });
    const top = await makeFolder(t, tt, 'Top');
    const inner = await makeFolder(t, tt, 'Inner', { parentId: top.id });
    const outer = await makeItem(t, tt, { ownerId: user.id, folderId: top.id, title: 'Outer' });
    const deep = await makeItem(t, tt, { ownerId: user.id, folderId: inner.id, title: 'Deep' });
    const survivor = await makeItem(t, tt, { ownerId: user.id, title: 'Survivor' });
    expect((await call(user, 'DELETE', `/api/v1/folders/${top.id}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', `/api/v1/folders/${inner.id}`)).statusCode).toBe(404);
    const bin = (await call(user, 'GET', '/api/v1/recycle-bin')).json<Page<ItemSummaryDto>>();
    expect(bin.items.map((i) => i.id).sort()).toEqual([outer, deep].sort());
    const root = await rootOf(user);
    const live = (await call(user, 'GET', `/api/v1/items?folderId=${root.id}`)).json<Page<ItemSummaryDto>>();
    expect(live.items.map((i) => i.id)).toEqual([survivor]);
  });
});

describe('folder access', () => {
  it('refuses owner-only access to whoever lacks general.setVisibleToSelf', async () => {
    const tt = await makeTenant(t);
    await revokeFromEveryone(t, tt, ['general.setVisibleToSelf']);
    const user = await makeUser(t, tt);
    const root = await rootOf(user);
    const res = await call(user, 'POST', '/api/v1/folders', {
      name: 'X',
      parentId: root.id,
      visibleTo: { level: 'owner' },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(MESSAGES.ownerOnlyAccess);
  });

  it('hides an owner-only folder from everyone but its owner and admins', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt);
    const other = await makeUser(t, tt);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const root = await rootOf(owner);
    const created = await call(owner, 'POST', '/api/v1/folders', {
      name: 'Mine',
      parentId: root.id,
      visibleTo: { level: 'owner' },
    });
    expect(created.statusCode).toBe(201);
    const mine = created.json<FolderDto>();
    expect(mine.visibleTo).toEqual({ level: 'owner', groups: [] });
    expect((await call(other, 'GET', `/api/v1/folders/${mine.id}`)).statusCode).toBe(404);
    expect((await childrenOf(other, root.id)).items).toEqual([]);
    expect((await childrenOf(admin, root.id)).items.map((f) => f.id)).toEqual([mine.id]);
  });

  it('shows a selected-groups folder to members of those groups only', async () => {
    const tt = await makeTenant(t);
    const group = await t.services.groupsService.create(tt.root, { name: 'Desk' });
    const member = await makeUser(t, tt, { groupIds: [group.id] });
    const outsider = await makeUser(t, tt);
    const desk = await makeFolder(t, tt, 'Desk only', {
      visibleTo: { level: 'selected_groups', groups: [group.id] },
    });
    expect((await call(member, 'GET', `/api/v1/folders/${desk.id}`)).statusCode).toBe(200);
    expect((await call(outsider, 'GET', `/api/v1/folders/${desk.id}`)).statusCode).toBe(404);
  });

  it.each([
    [{ level: 'selected_groups', groups: ['g'] }, 403, MESSAGES.restrictToGroups],
    [{ level: 'nobody' }, 400, MESSAGES.badVisibleTo],
    ['tenant', 400, MESSAGES.badVisibleTo],
  ])('answers visibleTo %j from a plain user with %i %s', async (visibleTo, status, message) => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const root = await rootOf(user);
    const res = await call(user, 'POST', '/api/v1/folders', { name: 'X', parentId: root.id, visibleTo });
    expect(res.statusCode).toBe(status);
    expect(errorOf(res).message).toBe(message);
    expect((await childrenOf(user, root.id)).total).toBe(0);
  });

  it('refuses groups of another tenant as an unknown group', async () => {
    const tt = await makeTenant(t);
    const foreign = await t.services.groupsService.create((await makeTenant(t)).root, { name: 'Foreign' });
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const root = await rootOf(admin);
    const res = await call(admin, 'POST', '/api/v1/folders', {
      name: 'X',
      parentId: root.id,
      visibleTo: { level: 'selected_groups', groups: [foreign.id] },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['visibleTo']);
  });

  it("refuses to delete a folder holding items the caller may not delete or see: 'No permission to delete items'", async () => {
    const tt = await makeTenant(t);
    await revokeFromEveryone(t, tt, ['item.delete']);
    const user = await makeUser(t, tt);
    const other = await makeUser(t, tt);
    const folder = await makeFolder(t, tt, 'Shared');
    for (const visibleTo of [null, { level: 'owner' as const, groups: [] }]) {
      const blocker = await makeItem(t, tt, { ownerId: other.id, folderId: folder.id, visibleTo });
      const res = await call(user, 'DELETE', `/api/v1/folders/${folder.id}`);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).message).toBe(MESSAGES.noDeletePermission);
      expect((await call(user, 'GET', `/api/v1/folders/${folder.id}`)).statusCode).toBe(200);
      expect((await t.services.itemsService.get(tt.root, blocker)).isDeleted).toBe(false);
      await t.services.itemsService.delete(tt.root, blocker);
    }
    await makeItem(t, tt, { ownerId: user.id, folderId: folder.id });
    expect((await call(user, 'DELETE', `/api/v1/folders/${folder.id}`)).statusCode).toBe(204);
  });

  it('lets the owner delete their folder without folder.delete, and nobody else', async () => {
    const tt = await makeTenant(t);
    await revokeFromEveryone(t, tt, ['folder.delete']);
    const owner = await makeUser(t, tt);
    const other = await makeUser(t, tt);
    const root = await rootOf(owner);
    const mine = (
      await call(owner, 'POST', '/api/v1/folders', { name: 'Mine', parentId: root.id })
    ).json<FolderDto>();
    expect(mine.canDelete).toBe(true);
    const refused = await call(other, 'DELETE', `/api/v1/folders/${mine.id}`);
    expect(refused.statusCode).toBe(403);
    expect((await call(owner, 'GET', `/api/v1/folders/${mine.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/v1/folders/${mine.id}`)).statusCode).toBe(204);
  });
});

describe('every /api/v1/folders route', () => {
  const ROUTES: RouteCase[] = [
    { route: 'GET /api/v1/folders/{id}', method: 'GET', url: (id) => `/api/v1/folders/${id}` },
    {
      route: 'GET /api/v1/folders/{id}/children',
      method: 'GET',
      url: (id) => `/api/v1/folders/${id}/children`,
    },
    {
      route: 'PATCH /api/v1/folders/{id}',
      method: 'PATCH',
      url: (id) => `/api/v1/folders/${id}`,
      body: { name: 'Renamed' },
    },
    { route: 'DELETE /api/v1/folders/{id}', method: 'DELETE', url: (id) => `/api/v1/folders/${id}` },
    { route: 'POST /api/v1/folders', method: 'POST', url: () => '/api/v1/folders', body: { name: 'New' } },
  ];
  let tt: TestTenant;
  let folder: FolderDto;
  beforeAll(async () => {
    tt = await makeTenant(t);
    folder = await makeFolder(t, tt, 'Target');
  });
  const bodyFor = (r: RouteCase, id: string) => (r.method === 'POST' ? { ...r.body, parentId: id } : r.body);

  it.each(routeCases(ROUTES))('%s answers 401 without a session', async (_name, r) => {
    const res = await t.call({ method: r.method, url: r.url(folder.id), body: bodyFor(r, folder.id) });
    expect(res.statusCode).toBe(401);
  });

  it.each(routeCases(ROUTES))(
    '%s answers 404 for another tenant’s folder, which stays as it was',
    async (_name, r) => {
      const stranger = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
      const res = await call(stranger, r.method, r.url(folder.id), bodyFor(r, folder.id));
      expect(res.statusCode).toBe(404);
      expect(await t.services.foldersService.get(tt.root, folder.id)).toEqual(folder);
    },
  );

  const FORBIDDEN: [string, Permission, 'POST' | 'PATCH', (id: string) => string, (id: string) => object][] =
    [
      [
        'POST /api/v1/folders',
        'folder.create',
        'POST',
        () => '/api/v1/folders',
        (id) => ({ name: 'N', parentId: id }),
      ],
      [
        'PATCH /api/v1/folders/{id}',
        'folder.update',
        'PATCH',
        (id) => `/api/v1/folders/${id}`,
        () => ({ name: 'N' }),
      ],
    ];
  it.each(FORBIDDEN)('%s answers 403 without %s', async (_name, permission, method, url, body) => {
    const local = await makeTenant(t);
    await revokeFromEveryone(t, local, [permission]);
    const target = await makeFolder(t, local, 'Target');
    const user = await makeUser(t, local);
    const res = await call(user, method, url(target.id), body(target.id));
    expect(res.statusCode).toBe(403);
    expect(await t.services.foldersService.get(local.root, target.id)).toEqual(target);
  });

  it.each([
    ['GET /api/v1/folders/{id}', 'GET' as const, '/api/v1/folders/not-a-uuid', undefined, ['id']],
    [
      'POST /api/v1/folders',
      'POST' as const,
      '/api/v1/folders',
      { name: '  ', parentId: randomUUID() },
      ['name'],
    ],
    [
      'POST /api/v1/folders',
      'POST' as const,
      '/api/v1/folders',
      { name: 'X', parentId: 'nope' },
      ['parentId'],
    ],
    ['PATCH /api/v1/folders/{id}', 'PATCH' as const, 'FOLDER', { name: '' }, ['name']],
  ])('%s answers 400 naming the bad field', async (_name, method, url, body, fields) => {
    const user = await makeUser(t, tt);
    const res = await call(user, method, url === 'FOLDER' ? `/api/v1/folders/${folder.id}` : url, body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(fields);
  });
});
