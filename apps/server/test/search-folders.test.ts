import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../src/modules/search/search.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeFolder, makeItem } from './support/items.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function found(user: TestUser, query: string): Promise<SearchAnswer> {
  const res = await t.call({ method: 'GET', url: `/api/v1/search?${query}`, cookie: user.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchAnswer>();
}

/** The results as `type:title`, so that folders and items of one name tell apart. */
const results = async (user: TestUser, query: string) =>
  (await found(user, query)).items.map((i) => `${i.itemType}:${i.title}`);
const q = (searchString: string, rest = '') => `searchString=${encodeURIComponent(searchString)}${rest}`;

describe('GET /api/v1/search: folders', () => {
  let tt: TestTenant;
  let user: TestUser;
  beforeAll(async () => {
    tt = await makeTenant(t);
    user = await makeUser(t, tt);
    await makeFolder(t, tt, 'Påske 2026');
    await makeFolder(t, tt, 'Jul');
    await makeItem(t, tt, { ownerId: user.id, title: 'Påske intervju', itemType: 'video' });
    await makeItem(t, tt, { ownerId: user.id, title: 'Påske lyd', itemType: 'audio' });
  });

  it('finds a folder by a word of its name, diacritics folded, when the type filter asks for folders', async () => {
    const answer = await found(user, q('paske', '&itemType=folder'));
    expect(answer.total).toBe(1);
    expect(answer.items).toEqual([
      expect.objectContaining({
        itemType: 'folder',
        title: 'Påske 2026',
        description: '',
        durationSeconds: null,
        resolvedThumbnailUrl: '/placeholders/folder.svg',
        isDeleted: false,
        highlights: { title: [[0, 5]], description: [] },
      }),
    ]);
  });

  it('puts the matching folders before the items, and counts both', async () => {
    const answer = await found(user, q('paske', '&itemType=folder,video'));
    expect(answer.items.map((i) => `${i.itemType}:${i.title}`)).toEqual([
      'folder:Påske 2026',
      'video:Påske intervju',
    ]);
    expect(answer.total).toBe(2);
  });

  it.each([
    ['type:folder', ['folder:Jul', 'folder:Påske 2026']],
    ['type:folder jul', ['folder:Jul']],
    ['type:folder OR type:audio', ['folder:Jul', 'folder:Påske 2026', 'audio:Påske lyd']],
    ['paske (type:folder OR type:video)', ['folder:Påske 2026', 'video:Påske intervju']],
    ['type:folder title:pas*', ['folder:Påske 2026']],
    ['type:folder p?ske', ['folder:Påske 2026']],
    ['type:folder -paske', ['folder:Jul']],
  ])('finds folders with the query %j', async (searchString, expected) => {
    expect(await results(user, q(searchString, '&sort=title'))).toEqual(expected);
  });

  it('finds the folders a query matches above the items when no type filter is set', async () => {
    const answer = await found(user, q('paske', '&sort=title'));
    expect(answer.items.map((i) => `${i.itemType}:${i.title}`)).toEqual([
      'folder:Påske 2026',
      'video:Påske intervju',
      'audio:Påske lyd',
    ]);
    expect(answer.total).toBe(3);
    expect(await results(user, q('jul'))).toEqual(['folder:Jul']);
  });

  it.each([
    ['the search is empty and no type filter asks for folders', ''],
    ['the type filter leaves folders out', q('paske', '&itemType=video,audio')],
    ['the type filter leaves folders out of type:folder', q('type:folder', '&itemType=video')],
    ['folders are negated', q('paske -type:folder')],
    ['the search is of the recycle bin', q('paske', '&itemType=folder&deleted=true')],
  ])('finds no folders when %s', async (_case, query) => {
    const answer = await found(user, query);
    expect(answer.items.filter((i) => i.itemType === 'folder')).toEqual([]);
  });

  it('never finds the root folder', async () => {
    expect(await results(user, 'itemType=folder&sort=title')).toEqual(['folder:Jul', 'folder:Påske 2026']);
  });

  it('sorts folders by the request’s sort, before the items', async () => {
    expect(await results(user, 'itemType=folder,video&sort=title&order=desc')).toEqual([
      'folder:Påske 2026',
      'folder:Jul',
      'video:Påske intervju',
    ]);
    // Created one after the other: the newest first by default.
    expect(await results(user, 'itemType=folder')).toEqual(['folder:Jul', 'folder:Påske 2026']);
    expect(await results(user, 'itemType=folder&sort=created&order=asc')).toEqual([
      'folder:Påske 2026',
      'folder:Jul',
    ]);
  });
});

describe('GET /api/v1/search: which folders a caller finds', () => {
  it('never shows a restricted user an invisible folder, not in the results nor in the total', async () => {
    const tt = await makeTenant(t);
    const sport = await t.services.groupsService.create(tt.root, { name: 'Sport' });
    const member = await makeUser(t, tt, { groupIds: [sport.id] });
    const outsider = await makeUser(t, tt);
    await makeFolder(t, tt, 'Embargo open');
    await makeFolder(t, tt, 'Embargo sport', { visibleTo: { level: 'selected_groups', groups: [sport.id] } });
    await makeFolder(t, tt, 'Embargo private', { visibleTo: { level: 'owner', groups: [] } });
    const query = q('embargo', '&itemType=folder&sort=title');
    expect(await results(member, query)).toEqual(['folder:Embargo open', 'folder:Embargo sport']);
    const outside = await found(outsider, query);
    expect(outside.items.map((i) => i.title)).toEqual(['Embargo open']);
    expect(outside.total).toBe(1);
    expect((await found(outsider, q('private', '&itemType=folder'))).total).toBe(0);
  });

  it('finds the folders in a folder, or in its whole subtree with includeSubfolders', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const sport = await makeFolder(t, tt, 'Sport');
    const football = await makeFolder(t, tt, 'Football', { parentId: sport.id });
    await makeFolder(t, tt, 'Cup', { parentId: football.id });
    await makeFolder(t, tt, 'Weather');
    const scoped = `itemType=folder&sort=title&folderId=${sport.id}`;
    expect(await results(user, scoped)).toEqual(['folder:Football']);
    expect(await results(user, `${scoped}&includeSubfolders=true`)).toEqual([
      'folder:Cup',
      'folder:Football',
    ]);
    expect(await results(user, q('cup', `&${scoped}`))).toEqual([]);
  });

  it('never shows another tenant’s folders', async () => {
    const ours = await makeTenant(t);
    const theirs = await makeTenant(t);
    const user = await makeUser(t, ours);
    await makeFolder(t, ours, 'Shared name ours');
    await makeFolder(t, theirs, 'Shared name theirs');
    const answer = await found(user, q('shared name', '&itemType=folder'));
    expect(answer.items.map((i) => i.title)).toEqual(['Shared name ours']);
    expect(answer.total).toBe(1);
  });

  it('resolves owner: and createdBy: for folders as for items', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const maker = await makeUser(t, tt, { name: 'Åse Arkivar', email: 'ase@example.test' });
    const root = await t.services.foldersService.rootRow(tt.tenant.id, tt.root.user.id);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/folders',
      cookie: maker.cookie,
      body: { name: 'Arkiv', parentId: root.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    await makeFolder(t, tt, 'Annet');
    expect(await results(user, q('type:folder owner:ase'))).toEqual(['folder:Arkiv']);
    expect(await results(user, q('type:folder owner:arki'))).toEqual(['folder:Arkiv']);
    expect(await results(user, q('type:folder createdBy:ase@example.test'))).toEqual(['folder:Arkiv']);
    expect(await results(user, q('type:folder -owner:ase'))).toEqual(['folder:Annet']);
    expect(await results(user, q('type:folder owner:sea'))).toEqual([]);
  });
});

describe('GET /api/v1/search: paging through folders, then items', () => {
  it.each([1, 2, 3, 4, 7])(
    'pages of %i neither repeat nor skip a result, and agree on the total',
    async (size) => {
      const tt = await makeTenant(t);
      const user = await makeUser(t, tt);
      for (const name of ['Mix a', 'Mix b', 'Mix c']) await makeFolder(t, tt, name);
      for (const title of ['Mix one', 'Mix two', 'Mix three', 'Mix four']) {
        await makeItem(t, tt, { ownerId: user.id, title });
      }
      const query = q('mix', '&itemType=folder,video');
      const whole = await found(user, query);
      expect(whole.total).toBe(7);
      expect(whole.items.slice(0, 3).every((i) => i.itemType === 'folder')).toBe(true);
      const paged: string[] = [];
      for (let from = 0; from < 7; from += size) {
        const page = await found(user, `${query}&from=${from}&itemsPerPage=${size}`);
        expect(page.total).toBe(7);
        expect(page.items.length).toBe(Math.min(size, 7 - from));
        paged.push(...page.items.map((i) => i.id));
      }
      expect(paged).toEqual(whole.items.map((i) => i.id));
      expect((await found(user, `${query}&from=7&itemsPerPage=${size}`)).items).toEqual([]);
    },
  );
});
