import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  canManageSystemBookmarks,
  canSeeBookmark,
  type Bookmark,
  type BookmarkView,
  type Permission,
  type Role,
} from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import { audienceOf } from '../src/modules/bookmarks/bookmarks.presenter.ts';
import type { Identity } from '../src/identity/identity.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeFolder, makeItem } from './support/items.ts';
import { errorOf, fieldsOf, routeCases, type RouteCase } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const USES: Permission[] = ['general.bookmarks'];
const MANAGES: Permission[] = ['general.bookmarks', 'general.systemBookmarksManage'];

const call = (user: TestUser, method: RouteCase['method'], url: string, body?: object) =>
  t.call({ method, url, cookie: user.cookie, ...(body ? { body } : {}) });

async function create(user: TestUser, body: object): Promise<Bookmark> {
  const res = await call(user, 'POST', '/api/v1/bookmarks', { kind: 'page', target: '/activity', ...body });
  if (res.statusCode !== 201) throw new Error(`create bookmark: ${res.statusCode} ${res.body}`);
  return res.json<Bookmark>();
}

const titlesSeenBy = async (user: TestUser, view: BookmarkView = 'navigation') => {
  const res = await call(user, 'GET', `/api/v1/bookmarks?view=${view}&itemsPerPage=500`);
  expect(res.statusCode).toBe(200);
  return res.json<Page<Bookmark>>().items.map((b) => b.title);
};

const everyone = { level: 'everyone', groupIds: [] } as const;

describe('private bookmarks', () => {
  it('bookmarks a page for its owner alone, with the kind’s icon until one is chosen', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt, { permissions: USES });
    const other = await makeUser(t, tt, { permissions: USES });
    const res = await call(owner, 'POST', '/api/v1/bookmarks', {
      title: '  Uploads  ',
      kind: 'page',
      target: '/activity?tab=upload',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Bookmark>()).toMatchObject({
      title: 'Uploads',
      kind: 'page',
      target: '/activity?tab=upload',
      icon: null,
      scope: 'private',
      ownerId: owner.id,
      tenantId: tt.tenant.id,
      visibility: null,
      filterType: null,
      canEdit: true,
    });
    expect(await titlesSeenBy(owner)).toEqual(['Uploads']);
    expect(await titlesSeenBy(other)).toEqual([]);
  });

  it.each([
    ['/?q=news&type=video', 'search'],
    ['/search-item?q=news', 'search'],
    ['/recycle-bin?q=news', 'recycleBin'],
  ])('saves the search %s as a filter that reopens the %s screen', async (target, filterType) => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: USES });
    const filter = await create(user, { title: 'News', kind: 'search', target, icon: 'news' });
    expect(filter).toMatchObject({ kind: 'search', target, filterType, icon: 'news' });
  });

  it('refuses a filter of a screen that is not a search, naming the target', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: USES });
    const res = await call(user, 'POST', '/api/v1/bookmarks', {
      title: 'X',
      kind: 'search',
      target: '/activity',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['target']);
  });

  it('points at folders, items and persons the caller can see, and at nothing else', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: USES });
    const other = await makeUser(t, tt);
    const folder = await makeFolder(t, tt, 'Desk');
    const hiddenFolder = await makeFolder(t, tt, 'Private', { visibleTo: { level: 'owner', groups: [] } });
    const clip = await makeItem(t, tt, { ownerId: other.id, title: 'Clip' });
    const person = await makeItem(t, tt, { ownerId: other.id, title: 'Anna', itemType: 'person' });
    const deleted = await makeItem(t, tt, { ownerId: other.id });
    await t.services.itemsService.delete(tt.root, deleted);
    const foreign = await makeItem(t, await makeTenant(t), { ownerId: other.id });

    for (const [kind, target] of [
      ['folder', folder.id],
      ['item', clip],
      ['item', person],
      ['person', person],
    ]) {
      expect((await call(user, 'POST', '/api/v1/bookmarks', { title: 'T', kind, target })).statusCode).toBe(
        201,
      );
    }
    for (const [kind, target] of [
      ['folder', hiddenFolder.id],
      ['folder', clip],
      ['item', deleted],
      ['item', foreign],
      ['item', randomUUID()],
      ['person', clip],
    ]) {
      const res = await call(user, 'POST', '/api/v1/bookmarks', { title: 'T', kind, target });
      expect(res.statusCode, `${kind} ${target}`).toBe(400);
      expect(fieldsOf(res)).toEqual(['target']);
    }
  });

  it('renames, re-icons and retargets a bookmark, checking the new target', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: USES });
    const bookmark = await create(user, { title: 'Old' });
    const renamed = await call(user, 'PATCH', `/api/v1/bookmarks/${bookmark.id}`, {
      title: ' New ',
      icon: 'star',
    });
    expect(renamed.json<Bookmark>()).toMatchObject({ title: 'New', icon: 'star', target: '/activity' });
    const folder = await makeFolder(t, tt, 'Desk');
    const retargeted = await call(user, 'PATCH', `/api/v1/bookmarks/${bookmark.id}`, {
      kind: 'folder',
      target: folder.id,
    });
    expect(retargeted.json<Bookmark>()).toMatchObject({ title: 'New', kind: 'folder', target: folder.id });
    const missing = await call(user, 'PATCH', `/api/v1/bookmarks/${bookmark.id}`, { target: randomUUID() });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['target']);
    const blank = await call(user, 'PATCH', `/api/v1/bookmarks/${bookmark.id}`, { title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank)).toMatchObject({
      message: MESSAGES.bookmarkTitleRequired,
      details: [{ field: 'title', message: MESSAGES.bookmarkTitleRequired }],
    });
    expect(
      (await t.services.bookmarksService.list(await identityOf(tt, user), 'navigation', page)).items,
    ).toEqual([expect.objectContaining({ title: 'New', kind: 'folder', target: folder.id })]);
  });

  it('hides another user’s private bookmark as if it did not exist', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt, { permissions: USES });
    const manager = await makeUser(t, tt, { permissions: MANAGES, roles: ['admin'] });
    const bookmark = await create(owner, { title: 'Mine' });
    for (const [method, url, body] of [
      ['PATCH', `/api/v1/bookmarks/${bookmark.id}`, { title: 'Theirs' }],
      ['DELETE', `/api/v1/bookmarks/${bookmark.id}`, undefined],
      ['POST', '/api/v1/bookmarks/reorder', { ids: [bookmark.id] }],
    ] as const) {
      expect((await call(manager, method, url, body)).statusCode).toBe(404);
    }
    expect(await titlesSeenBy(manager, 'manage')).toEqual([]);
    expect(await titlesSeenBy(owner)).toEqual(['Mine']);
  });

  it('goes with its owner when the owner is deleted', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt, { permissions: USES });
    const bookmark = await create(owner, { title: 'Mine' });
    await t.services.usersService.delete(tt.root, owner.id);
    const manager = await makeUser(t, tt, { permissions: MANAGES });
    expect(await titlesSeenBy(manager, 'manage')).toEqual([]);
    const res = await call(manager, 'DELETE', `/api/v1/bookmarks/${bookmark.id}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('system bookmarks', () => {
  it('are created by those who manage them and seen by everyone, who may not change them', async () => {
    const tt = await makeTenant(t);
    const manager = await makeUser(t, tt, { permissions: MANAGES });
    const user = await makeUser(t, tt, { permissions: USES });
    const filter = await create(manager, {
      title: 'Videos',
      kind: 'search',
      target: '/?type=video',
      scope: 'system',
      visibility: everyone,
    });
    expect(filter).toMatchObject({ scope: 'system', ownerId: null, visibility: everyone, canEdit: true });
    const listed = (await call(user, 'GET', '/api/v1/bookmarks')).json<Page<Bookmark>>().items;
    expect(listed).toEqual([expect.objectContaining({ id: filter.id, canEdit: false })]);
    for (const [method, url, body] of [
      ['PATCH', `/api/v1/bookmarks/${filter.id}`, { title: 'Mine now' }],
      ['DELETE', `/api/v1/bookmarks/${filter.id}`, undefined],
      ['POST', '/api/v1/bookmarks/reorder', { ids: [filter.id] }],
    ] as const) {
      const res = await call(user, method, url, body);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).message).toBe(MESSAGES.noSystemBookmarksPermission);
    }
    expect(await titlesSeenBy(user)).toEqual(['Videos']);
  });

  it.each<[string, Permission[], Role[]]>([
    ['general.systemBookmarksManage', MANAGES, []],
    ['the admin role', USES, ['admin']],
  ])('may be created with %s, and not without', async (_with, permissions, roles) => {
    const tt = await makeTenant(t);
    const manager = await makeUser(t, tt, { permissions, roles });
    const user = await makeUser(t, tt, { permissions: USES });
    const body = { title: 'Shared', kind: 'page', target: '/', scope: 'system' };
    expect((await call(manager, 'POST', '/api/v1/bookmarks', body)).statusCode).toBe(201);
    const refused = await call(user, 'POST', '/api/v1/bookmarks', body);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(MESSAGES.noSystemBookmarksPermission);
    const mine = await create(user, { title: 'Mine' });
    const promoted = await call(user, 'PATCH', `/api/v1/bookmarks/${mine.id}`, { scope: 'system' });
    expect(promoted.statusCode).toBe(403);
    expect(await titlesSeenBy(user)).toEqual(['Shared', 'Mine']);
  });

  it('show to the members of their selected groups, and hidden ones only in the management list', async () => {
    const tt = await makeTenant(t);
    const desk = await t.services.groupsService.create(tt.root, { name: 'Desk' });
    const manager = await makeUser(t, tt, { permissions: MANAGES });
    const member = await makeUser(t, tt, { permissions: USES, groupIds: [desk.id] });
    const outsider = await makeUser(t, tt, { permissions: USES });
    const system = (title: string, visibility: object) =>
      create(manager, { title, scope: 'system', visibility });
    await system('Desk', { level: 'selected_groups', groupIds: [desk.id] });
    await system('Hidden', { level: 'hidden', groupIds: [] });
    await system('All', everyone);
    expect(await titlesSeenBy(member)).toEqual(['Desk', 'All']);
    expect(await titlesSeenBy(outsider)).toEqual(['All']);
    expect(await titlesSeenBy(manager)).toEqual(['All']);
    expect(await titlesSeenBy(manager, 'manage')).toEqual(['Desk', 'Hidden', 'All']);
    const refused = await call(member, 'GET', '/api/v1/bookmarks?view=manage');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(MESSAGES.noSystemBookmarksPermission);
  });

  it('need at least one group of the tenant when they show to selected groups', async () => {
    const tt = await makeTenant(t);
    const manager = await makeUser(t, tt, { permissions: MANAGES });
    const foreign = await t.services.groupsService.create((await makeTenant(t)).root, { name: 'Foreign' });
    const post = (visibility: object) =>
      call(manager, 'POST', '/api/v1/bookmarks', {
        title: 'X',
        kind: 'page',
        target: '/',
        scope: 'system',
        visibility,
      });
    const empty = await post({ level: 'selected_groups', groupIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toMatchObject({
      message: MESSAGES.selectedGroupsEmpty,
      details: [{ field: 'visibility.groupIds', message: MESSAGES.selectedGroupsEmpty }],
    });
    const unknown = await post({ level: 'selected_groups', groupIds: [foreign.id] });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['visibility.groupIds']);
    expect(await titlesSeenBy(manager, 'manage')).toEqual([]);
  });

  it('change scope: a system bookmark made private becomes its editor’s, and back', async () => {
    const tt = await makeTenant(t);
    const manager = await makeUser(t, tt, { permissions: MANAGES });
    const user = await makeUser(t, tt, { permissions: USES });
    const shared = await create(manager, { title: 'Shared', scope: 'system', visibility: everyone });
    const privatised = await call(manager, 'PATCH', `/api/v1/bookmarks/${shared.id}`, { scope: 'private' });
    expect(privatised.json<Bookmark>()).toMatchObject({
      scope: 'private',
      ownerId: manager.id,
      visibility: null,
    });
    expect(await titlesSeenBy(user)).toEqual([]);
    const republished = await call(manager, 'PATCH', `/api/v1/bookmarks/${shared.id}`, {
      scope: 'system',
      visibility: { level: 'hidden', groupIds: [] },
    });
    expect(republished.json<Bookmark>()).toMatchObject({
      scope: 'system',
      ownerId: null,
      visibility: { level: 'hidden' },
    });
    const withVisibility = await call(manager, 'PATCH', `/api/v1/bookmarks/${shared.id}`, {
      scope: 'private',
      visibility: everyone,
    });
    expect(withVisibility.statusCode).toBe(400);
    expect(fieldsOf(withVisibility)).toEqual(['visibility']);
  });
});

describe('ordering', () => {
  it('lists system bookmarks first, then the caller’s own, each by position, and reorders one list', async () => {
    const tt = await makeTenant(t);
    const manager = await makeUser(t, tt, { permissions: MANAGES });
    const user = await makeUser(t, tt, { permissions: USES });
    const [a, b, c] = [
      await create(user, { title: 'A' }),
      await create(user, { title: 'B' }),
      await create(user, { title: 'C' }),
    ];
    const [s1, s2] = [
      await create(manager, { title: 'S1', scope: 'system', visibility: everyone }),
      await create(manager, { title: 'S2', scope: 'system', visibility: everyone }),
    ];
    expect(await titlesSeenBy(user)).toEqual(['S1', 'S2', 'A', 'B', 'C']);
    const reorder = (who: TestUser, ids: string[]) => call(who, 'POST', '/api/v1/bookmarks/reorder', { ids });
    expect((await reorder(user, [c.id, a.id, b.id])).statusCode).toBe(204);
    expect((await reorder(manager, [s2.id, s1.id])).statusCode).toBe(204);
    expect(await titlesSeenBy(user)).toEqual(['S2', 'S1', 'C', 'A', 'B']);
    const mixed = await reorder(manager, [s1.id, (await create(manager, { title: 'M' })).id]);
    expect(mixed.statusCode).toBe(400);
    expect(fieldsOf(mixed)).toEqual(['ids']);
    const twice = await reorder(user, [a.id, a.id]);
    expect(twice.statusCode).toBe(400);
    expect(fieldsOf(twice)).toEqual(['ids']);
    expect(await titlesSeenBy(user)).toEqual(['S2', 'S1', 'C', 'A', 'B']);
  });

  it('puts a new bookmark after the last of its list', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: USES });
    const first = await create(user, { title: 'Zulu' });
    const second = await create(user, { title: 'Alpha' });
    expect([first.position, second.position]).toEqual([0, 1]);
    expect(await titlesSeenBy(user)).toEqual(['Zulu', 'Alpha']);
  });
});

const page = { from: 0, itemsPerPage: 500 };
const identityOf = async (tt: TestTenant, user: TestUser) =>
  (await t.services.identityLoader.load(tt.tenant.id, user.id)) as Identity;

describe('the SQL audience filter', () => {
  it('agrees with the domain’s canSeeBookmark for every user, view and bookmark of a seeded matrix', async () => {
    const tt = await makeTenant(t);
    const [desk, sport] = await Promise.all(
      ['Desk', 'Sport'].map((name) => t.services.groupsService.create(tt.root, { name })),
    );
    if (!desk || !sport) throw new Error('groups');
    const users = [
      await makeUser(t, tt, { permissions: USES }),
      await makeUser(t, tt, { permissions: USES, groupIds: [desk.id] }),
      await makeUser(t, tt, { permissions: USES, groupIds: [desk.id, sport.id] }),
      await makeUser(t, tt, { permissions: MANAGES }),
      await makeUser(t, tt, { permissions: USES, roles: ['admin'] }),
    ];
    const [first, second, , manager] = users;
    if (!first || !second || !manager) throw new Error('users');
    for (const owner of [first, second]) await create(owner, { title: `Private of ${owner.id}` });
    for (const visibility of [
      everyone,
      { level: 'hidden', groupIds: [] },
      { level: 'selected_groups', groupIds: [desk.id] },
      { level: 'selected_groups', groupIds: [sport.id] },
      { level: 'selected_groups', groupIds: [desk.id, sport.id] },
    ]) {
      await create(manager, { title: `System ${visibility.level}`, scope: 'system', visibility });
    }
    const rows = await t.services.db
      .selectFrom('bookmarks')
      .selectAll()
      .where('tenant_id', '=', tt.tenant.id)
      .execute();
    expect(rows).toHaveLength(7);
    const groups = await t.services.db
      .selectFrom('bookmark_groups')
      .selectAll()
      .where('tenant_id', '=', tt.tenant.id)
      .execute();
    const groupsOf = (id: string) => groups.filter((g) => g.bookmark_id === id).map((g) => g.group_id);
    for (const user of users) {
      const identity = await identityOf(tt, user);
      for (const view of ['navigation', 'manage'] as const) {
        if (view === 'manage' && !canManageSystemBookmarks(identity.principal)) continue;
        const listed = await t.services.bookmarksService.list(identity, view, page);
        const expected = rows.filter((r) =>
          canSeeBookmark(identity.principal, audienceOf(r, groupsOf(r.id)), view),
        );
        expect(listed.items.map((b) => b.id).sort(), `${user.id} ${view}`).toEqual(
          expected.map((r) => r.id).sort(),
        );
        expect(listed.total).toBe(expected.length);
      }
    }
  });
});

describe('every /api/v1/bookmarks route', () => {
  const ROUTES: RouteCase[] = [
    { route: 'GET /api/v1/bookmarks', method: 'GET', url: () => '/api/v1/bookmarks' },
    {
      route: 'POST /api/v1/bookmarks',
      method: 'POST',
      url: () => '/api/v1/bookmarks',
      body: { title: 'New', kind: 'page', target: '/' },
    },
    {
      route: 'PATCH /api/v1/bookmarks/{id}',
      method: 'PATCH',
      url: (id) => `/api/v1/bookmarks/${id}`,
      body: { title: 'Renamed' },
    },
    { route: 'DELETE /api/v1/bookmarks/{id}', method: 'DELETE', url: (id) => `/api/v1/bookmarks/${id}` },
    { route: 'POST /api/v1/bookmarks/reorder', method: 'POST', url: () => '/api/v1/bookmarks/reorder' },
  ];
  const bodyFor = (r: RouteCase, id: string) => (r.url(id).endsWith('/reorder') ? { ids: [id] } : r.body);
  let tt: TestTenant;
  let owner: TestUser;
  let bookmark: Bookmark;
  beforeAll(async () => {
    tt = await makeTenant(t);
    owner = await makeUser(t, tt, { permissions: USES });
    bookmark = await create(owner, { title: 'Target' });
  });
  const unchanged = async () => {
    const listed = await t.services.bookmarksService.list(await identityOf(tt, owner), 'navigation', page);
    expect(listed.items).toEqual([bookmark]);
  };

  it.each(routeCases(ROUTES))('%s answers 401 without a session', async (_name, r) => {
    const res = await t.call({ method: r.method, url: r.url(bookmark.id), body: bodyFor(r, bookmark.id) });
    expect(res.statusCode).toBe(401);
    await unchanged();
  });

  // The list and the create name no bookmark; the other routes name the other tenant's one.
  const NAMING = ROUTES.filter((r) => !['GET /api/v1/bookmarks', 'POST /api/v1/bookmarks'].includes(r.route));
  it.each(routeCases(NAMING))(
    '%s answers 404 for another tenant’s bookmark, which stays as it was',
    async (_name, r) => {
      const stranger = await makeUser(t, await makeTenant(t), { permissions: MANAGES, roles: ['admin'] });
      const res = await call(stranger, r.method, r.url(bookmark.id), bodyFor(r, bookmark.id));
      expect(res.statusCode).toBe(404);
      await unchanged();
    },
  );

  it('GET /api/v1/bookmarks never lists another tenant’s bookmarks', async () => {
    const stranger = await makeUser(t, await makeTenant(t), { permissions: MANAGES, roles: ['admin'] });
    expect(await titlesSeenBy(stranger, 'manage')).toEqual([]);
  });

  it.each(routeCases(ROUTES))('%s answers 403 without general.bookmarks', async (_name, r) => {
    const user = await makeUser(t, tt, { permissions: ['general.systemBookmarksManage'] });
    const res = await call(user, r.method, r.url(bookmark.id), bodyFor(r, bookmark.id));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(MESSAGES.noBookmarksPermission);
    await unchanged();
  });

  it.each([
    ['GET /api/v1/bookmarks', 'GET' as const, '/api/v1/bookmarks?view=everything', undefined, ['view']],
    [
      'POST /api/v1/bookmarks',
      'POST' as const,
      '/api/v1/bookmarks',
      { title: '', kind: 'page', target: '/' },
      ['title'],
    ],
    [
      'POST /api/v1/bookmarks',
      'POST' as const,
      '/api/v1/bookmarks',
      { title: 'X', kind: 'tab', target: '/' },
      ['kind'],
    ],
    [
      'POST /api/v1/bookmarks',
      'POST' as const,
      '/api/v1/bookmarks',
      { title: 'X', kind: 'page', target: 'https://x.test/' },
      ['target'],
    ],
    [
      'POST /api/v1/bookmarks',
      'POST' as const,
      '/api/v1/bookmarks',
      { title: 'X', kind: 'page', target: '/', icon: 'rocket' },
      ['icon'],
    ],
    [
      'POST /api/v1/bookmarks',
      'POST' as const,
      '/api/v1/bookmarks',
      { title: 'x'.repeat(201), kind: 'page', target: '/' },
      ['title'],
    ],
    [
      'PATCH /api/v1/bookmarks/{id}',
      'PATCH' as const,
      '/api/v1/bookmarks/not-a-uuid',
      { title: 'X' },
      ['id'],
    ],
    ['PATCH /api/v1/bookmarks/{id}', 'PATCH' as const, 'BOOKMARK', { title: '' }, ['title']],
    ['PATCH /api/v1/bookmarks/{id}', 'PATCH' as const, 'BOOKMARK', { scope: 'public' }, ['scope']],
    ['DELETE /api/v1/bookmarks/{id}', 'DELETE' as const, '/api/v1/bookmarks/not-a-uuid', undefined, ['id']],
    ['POST /api/v1/bookmarks/reorder', 'POST' as const, '/api/v1/bookmarks/reorder', { ids: [] }, ['ids']],
  ])('%s answers 400 naming the bad field (%#)', async (_name, method, url, body, fields) => {
    const res = await call(
      owner,
      method,
      url === 'BOOKMARK' ? `/api/v1/bookmarks/${bookmark.id}` : url,
      body,
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(fields);
    await unchanged();
  });

  it('each answers success to the owner', async () => {
    const user = await makeUser(t, tt, { permissions: USES });
    const created = await call(user, 'POST', '/api/v1/bookmarks', {
      title: 'One',
      kind: 'page',
      target: '/',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<Bookmark>();
    expect((await call(user, 'GET', '/api/v1/bookmarks')).statusCode).toBe(200);
    expect((await call(user, 'PATCH', `/api/v1/bookmarks/${id}`, { title: 'Two' })).statusCode).toBe(200);
    expect((await call(user, 'POST', '/api/v1/bookmarks/reorder', { ids: [id] })).statusCode).toBe(204);
    expect((await call(user, 'DELETE', `/api/v1/bookmarks/${id}`)).statusCode).toBe(204);
    expect(await titlesSeenBy(user)).toEqual([]);
  });
});
