import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newItemColumns } from '../src/modules/items/new-item-columns.ts';
import type { SearchAnswer } from '../src/modules/search/search.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeFolder, makeItem, type ItemOptions } from './support/items.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const search = (user: TestUser, query: string) =>
  t.call({ method: 'GET', url: `/api/v1/search?${query}`, cookie: user.cookie });

async function found(user: TestUser, query: string): Promise<SearchAnswer> {
  const res = await search(user, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchAnswer>();
}

const titles = async (user: TestUser, query: string) => (await found(user, query)).items.map((i) => i.title);
const q = (searchString: string, rest = '') => `searchString=${encodeURIComponent(searchString)}${rest}`;

/** A tenant with a user and items titled (and described) as given. */
async function library(items: (Omit<ItemOptions, 'ownerId'> & { title: string })[]) {
  const tt = await makeTenant(t);
  const user = await makeUser(t, tt, { name: 'Nora Nyhet' });
  const ids = new Map<string, string>();
  for (const item of items) ids.set(item.title, await makeItem(t, tt, { ownerId: user.id, ...item }));
  return { tt, user, ids };
}

describe('GET /api/v1/search: the query language', () => {
  let user: TestUser;
  let tt: TestTenant;
  beforeAll(async () => {
    ({ tt, user } = await library([
      { title: 'Påskeintervju med ordføreren', description: 'Intervju om påsketrafikken', itemType: 'video' },
      { title: 'Nyheter kveld', description: 'Sendingen fra studio', itemType: 'video' },
      { title: 'Nyhetsmorgen', description: 'Morgensending med gjester', itemType: 'audio' },
      { title: 'Élan vital', description: 'Un été à Paris', itemType: 'image' },
      { title: 'Studio portrait', description: 'Kveld i studio', itemType: 'image' },
      { title: 'Pasta recipe', description: 'Kitchen notes', itemType: 'file' },
    ]));
  });

  it.each([
    ['a word, diacritics folded', 'paskeintervju', ['Påskeintervju med ordføreren']],
    ['a folded word inside a title', 'ordforeren', ['Påskeintervju med ordføreren']],
    ['a word in the description', 'gjester', ['Nyhetsmorgen']],
    ['French accents', 'ete', ['Élan vital']],
    ['an exact phrase', '"sendingen fra studio"', ['Nyheter kveld']],
    ['a phrase out of order finds nothing', '"studio fra"', []],
    ['two words (AND)', 'studio kveld', ['Nyheter kveld', 'Studio portrait']],
    ['OR', 'pasta OR elan', ['Élan vital', 'Pasta recipe']],
    ['NOT', 'studio NOT portrait', ['Nyheter kveld']],
    ['a leading minus', '-studio kveld', []],
    [
      'only a negation',
      'NOT studio NOT kveld NOT paris NOT kitchen',
      ['Nyhetsmorgen', 'Påskeintervju med ordføreren'],
    ],
    ['a prefix wildcard', 'nyhet*', ['Nyheter kveld', 'Nyhetsmorgen']],
    ['a one-character wildcard', 'p?sta', ['Pasta recipe']],
    ['an inner wildcard', 'n*morgen', ['Nyhetsmorgen']],
    ['a wildcard matching no word', 'zq?x', []],
    ['a leading wildcard', '?asta', ['Pasta recipe']],
    ['a wildcard matching no word, negated', 'pasta NOT zq?x', ['Pasta recipe']],
    ['a wildcard matching no word, ORed', 'pasta OR zq?x', ['Pasta recipe']],
    ['title: only searches titles', 'title:studio', ['Studio portrait']],
    ['description: only searches descriptions', 'description:studio', ['Nyheter kveld', 'Studio portrait']],
    ['title: with a phrase', 'title:"nyheter kveld"', ['Nyheter kveld']],
    ['title: with a wildcard', 'title:nyhets*', ['Nyhetsmorgen']],
    ['type:', 'type:image', ['Élan vital', 'Studio portrait']],
    ['type: combined with words', 'studio type:video', ['Nyheter kveld']],
    ['type: in an OR', 'type:file OR gjester', ['Nyhetsmorgen', 'Pasta recipe']],
    ['parentheses', '(pasta OR elan) NOT paris', ['Pasta recipe']],
    ['owner: by a name', 'owner:nora type:audio', ['Nyhetsmorgen']],
    ['createdBy: by an unknown name', 'createdBy:zelda', []],
  ])('finds by %s: %s', async (_case, searchString, expected) => {
    expect((await titles(user, q(searchString, '&sort=title'))).sort()).toEqual([...expected].sort());
  });

  it('finds by owner: with the e-mail address', async () => {
    const other = await makeUser(t, tt, { name: 'Olav Other' });
    await makeItem(t, tt, { ownerId: other.id, title: 'Olavs opptak' });
    expect(await titles(user, q(`owner:${other.email}`))).toEqual(['Olavs opptak']);
  });

  it('finds by createdBy: the creator and by owner: the owner, where they differ', async () => {
    const creator = await makeUser(t, tt, { name: 'Cecilie Creator' });
    const owner = await makeUser(t, tt, { name: 'Otto Owner' });
    await makeItem(t, tt, { ownerId: owner.id, createdBy: creator.id, title: 'Handed over' });
    expect(await titles(user, q('createdBy:cecilie'))).toEqual(['Handed over']);
    expect(await titles(user, q(`createdBy:${creator.email}`))).toEqual(['Handed over']);
    expect(await titles(user, q('owner:otto'))).toEqual(['Handed over']);
    expect(await titles(user, q('owner:cecilie'))).toEqual([]);
    expect(await titles(user, q('createdBy:otto'))).toEqual([]);
  });

  it('warns when wildcards and operators are mixed, and not for a wildcard alone', async () => {
    expect((await found(user, q('nyhet* OR pasta'))).warnings).toEqual([
      { code: 'wildcardsWithOperators', message: MESSAGES.searchWildcardsWithOperators },
    ]);
    expect((await found(user, q('nyhet*'))).warnings).toEqual([]);
  });

  it('answers 400 for a wildcard that stands for more than 500 words', async () => {
    const { user: u } = await library(Array.from({ length: 501 }, (_, i) => ({ title: `take${i}` })));
    expect(await titles(u, q('take42?'))).toEqual(
      [
        'take420',
        'take421',
        'take422',
        'take423',
        'take424',
        'take425',
        'take426',
        'take427',
        'take428',
        'take429',
      ].reverse(),
    );
    const res = await search(u, q('t*e*'));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['searchString']);
  });

  it('answers a syntax error as a 400 naming searchString and the position', async () => {
    const res = await search(user, q('news AND'));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['searchString']);
    expect(errorOf(res).message).toMatch(/character \d+/);
  });

  it('highlights the matched words of the title and the description, in the original text', async () => {
    const [hit] = (await found(user, q('paskeintervju OR pasketrafikken'))).items;
    expect(hit?.title).toBe('Påskeintervju med ordføreren');
    expect(hit?.highlights).toEqual({ title: [[0, 13]], description: [[12, 26]] });
  });

  it('ranks matches in the title above matches elsewhere, newest first within each', async () => {
    const { user: u } = await library([
      { title: 'Other thing', description: 'mentions regatta once' },
      { title: 'Regatta', description: 'boats' },
      { title: 'Still other', description: 'regatta again' },
      { title: 'Regatta again', description: 'boats' },
    ]);
    expect(await titles(u, q('regatta'))).toEqual(['Regatta again', 'Regatta', 'Still other', 'Other thing']);
    // Paging walks across the tiers without losing or repeating a match.
    const pages = [];
    for (let from = 0; from < 4; from++)
      pages.push(...(await titles(u, q('regatta', `&from=${from}&itemsPerPage=1`))));
    expect(pages).toEqual(['Regatta again', 'Regatta', 'Still other', 'Other thing']);
    expect(await titles(u, q('regatta', '&from=2&itemsPerPage=2'))).toEqual(['Still other', 'Other thing']);
    expect(await titles(u, q('regatta', '&from=3&itemsPerPage=5'))).toEqual(['Other thing']);
  });

  it('counts exactly up to 1,000 matches, then says the total is a lower bound', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const folderId = (await t.services.foldersService.rootRow(tt.tenant.id, user.id)).id;
    const at = new Date().toISOString();
    const rows = Array.from({ length: 1001 }, () => ({
      ...newItemColumns(
        { tenantId: tt.tenant.id, itemId: randomUUID(), folderId, userId: user.id, itemType: 'video' },
        at,
      ),
      title: 'Bulk clip',
    }));
    await t.services.itemsRepository.transaction(async (trx) => {
      for (const row of rows) await t.services.itemsRepository.insert(trx, row);
    });
    expect(await found(user, q('bulk', '&itemsPerPage=1'))).toMatchObject({
      total: 1000,
      totalIsLowerBound: true,
    });
    await t.services.itemsService.delete(tt.root, rows[0]?.id ?? '');
    expect(await found(user, q('bulk', '&itemsPerPage=1'))).toMatchObject({
      total: 1000,
      totalIsLowerBound: false,
    });
  });
});

describe('GET /api/v1/search: phrases', () => {
  let user: TestUser;
  beforeAll(async () => {
    ({ user } = await library([
      { title: 'Fjord ferje', description: 'Båt sjø og fjord ferje' },
      { title: 'Alfa beta gamma beta delta', description: 'Epsilon' },
      { title: 'Kai', description: 'Ferje fjord' },
    ]));
  });

  it.each([
    ['in the title and the description', '"fjord ferje"', ['Fjord ferje']],
    ['reversed, in one description only', '"ferje fjord"', ['Kai']],
    ['across the end of the title and the start of the description: no match', '"ferje bat"', []],
    [
      'across the title and the description, in an OR: no match',
      '"ferje bat" OR epsilon',
      ['Alfa beta gamma beta delta'],
    ],
    [
      'across the title and the description, negated: no match to leave out',
      'NOT "ferje bat"',
      ['Alfa beta gamma beta delta', 'Fjord ferje', 'Kai'],
    ],
    [
      'across the title and the description, negated beside a word',
      'fjord NOT "ferje bat"',
      ['Fjord ferje', 'Kai'],
    ],
    ['whose word pairs are all there but not in a row: no match', '"alfa beta delta"', []],
    ['of three words in a row', '"gamma beta delta"', ['Alfa beta gamma beta delta']],
    ['limited to descriptions', 'description:"bat sjo"', ['Fjord ferje']],
    ['limited to titles', 'title:"ferje fjord"', []],
    ['with a word', '"ferje fjord" kai', ['Kai']],
    ['negated', 'fjord NOT "fjord ferje"', ['Kai']],
    ['in an OR', '"bat sjo" OR epsilon', ['Alfa beta gamma beta delta', 'Fjord ferje']],
  ])('finds a phrase %s: %s', async (_case, searchString, expected) => {
    expect((await titles(user, q(searchString, '&sort=title'))).sort()).toEqual([...expected].sort());
  });

  it('ranks the items whose title holds the phrase first', async () => {
    expect(await titles(user, q('"fjord ferje"'))).toEqual(['Fjord ferje']);
    const { user: u } = await library([
      { title: 'Older title match fjord ferje' },
      { title: 'Description match', description: 'fjord ferje' },
    ]);
    expect(await titles(u, q('"fjord ferje"'))).toEqual([
      'Older title match fjord ferje',
      'Description match',
    ]);
  });
});
describe('GET /api/v1/search: filters, sorting and paging', () => {
  it('filters by type, owner, dates and folder (with or without subfolders)', async () => {
    const tt = await makeTenant(t);
    const anna = await makeUser(t, tt);
    const bo = await makeUser(t, tt);
    const sport = await makeFolder(t, tt, 'Sport');
    const football = await makeFolder(t, tt, 'Football', { parentId: sport.id });
    await makeItem(t, tt, {
      ownerId: anna.id,
      title: 'Cup final',
      folderId: football.id,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    await makeItem(t, tt, {
      ownerId: bo.id,
      title: 'Ski race',
      folderId: sport.id,
      itemType: 'audio',
      createdAt: '2026-02-01T10:00:00.000Z',
    });
    await makeItem(t, tt, { ownerId: bo.id, title: 'Weather', createdAt: '2026-01-01T23:59:59.000Z' });
    const sorted = '&sort=title';
    expect(await titles(anna, `itemType=audio${sorted}`)).toEqual(['Ski race']);
    expect(await titles(anna, `itemType=audio,video${sorted}`)).toEqual(['Cup final', 'Ski race', 'Weather']);
    expect(await titles(anna, `itemType=audio&itemType=video${sorted}`)).toHaveLength(3);
    expect(await titles(anna, `owner=${bo.id}${sorted}`)).toEqual(['Ski race', 'Weather']);
    expect(await titles(anna, `createdFrom=2026-01-02&createdTo=2026-02-01${sorted}`)).toEqual(['Ski race']);
    expect(await titles(anna, `createdTo=2026-01-01${sorted}`)).toEqual(['Weather']);
    // The folders Sport and Football, made today, match a date query too; the items only here.
    expect(await titles(anna, q('created:>2026-02-01', `${sorted}&itemType=video,audio`))).toEqual([
      'Cup final',
    ]);
    expect(await titles(anna, q('created:<=2026-02-01', sorted))).toEqual(['Ski race', 'Weather']);
    expect(await titles(anna, q('created:2026-01-01', sorted))).toEqual(['Weather']);
    expect(await titles(anna, `folderId=${sport.id}${sorted}`)).toEqual(['Ski race']);
    expect(await titles(anna, `folderId=${sport.id}&includeSubfolders=true${sorted}`)).toEqual([
      'Cup final',
      'Ski race',
    ]);
  });

  it('sorts by title, created and duration (items without one last) and pages with a total', async () => {
    const { user } = await library([
      { title: 'b', durationMs: 3000, createdAt: '2026-01-02T00:00:00.000Z' },
      { title: 'C', createdAt: '2026-01-03T00:00:00.000Z' },
      { title: 'a', durationMs: 1000, createdAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(await titles(user, 'sort=title')).toEqual(['a', 'b', 'C']);
    expect(await titles(user, 'sort=title&order=desc')).toEqual(['C', 'b', 'a']);
    expect(await titles(user, '')).toEqual(['C', 'b', 'a']);
    expect(await titles(user, 'sort=created&order=asc')).toEqual(['a', 'b', 'C']);
    expect(await titles(user, 'sort=duration')).toEqual(['b', 'a', 'C']);
    expect(await titles(user, 'sort=duration&order=asc')).toEqual(['a', 'b', 'C']);
    const page = await found(user, 'sort=title&from=1&itemsPerPage=1');
    expect(page).toMatchObject({ total: 3, totalIsLowerBound: false, from: 1, itemsPerPage: 1 });
    expect(page.items.map((i) => i.title)).toEqual(['b']);
  });

  it('refines to a selection of at most 32 items', async () => {
    const { user, ids } = await library([{ title: 'one' }, { title: 'two' }, { title: 'three' }]);
    const picked = [ids.get('one'), ids.get('three')].map((id) => `&itemId=${id ?? ''}`).join('');
    expect(await titles(user, `sort=title${picked}`)).toEqual(['one', 'three']);
    const tooMany = Array.from({ length: 33 }, () => `itemId=${randomUUID()}`).join('&');
    const res = await search(user, tooMany);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(MESSAGES.refineSelectionLimit);
    expect(fieldsOf(res)).toEqual(['itemId']);
  });
});

describe('GET /api/v1/search: access', () => {
  it('answers 401 without a session', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/search?searchString=x' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['itemType', 'itemType=movie'],
    ['owner', 'owner=not-a-uuid'],
    ['createdFrom', 'createdFrom=2026-02-30'],
    ['sort', 'sort=random'],
    ['itemsPerPage', 'itemsPerPage=1000'],
    ['includeSubfolders', 'includeSubfolders=maybe'],
  ])('answers 400 naming %s for bad input', async (field, query) => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const res = await search(user, query);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(res))).toContain(field);
  });

  it('treats another tenant’s folder and user as unknown (400), and never shows its items', async () => {
    const ours = await library([{ title: 'Shared word ours' }]);
    const theirs = await library([{ title: 'Shared word theirs' }]);
    const theirFolder = await makeFolder(t, theirs.tt, 'Theirs');
    const folderRes = await search(ours.user, `folderId=${theirFolder.id}`);
    expect(folderRes.statusCode).toBe(400);
    expect(fieldsOf(folderRes)).toEqual(['folderId']);
    const ownerRes = await search(ours.user, `owner=${theirs.user.id}`);
    expect(fieldsOf(ownerRes)).toEqual(['owner']);
    expect(await titles(ours.user, q('shared word'))).toEqual(['Shared word ours']);
    expect(await titles(ours.user, `itemId=${theirs.ids.get('Shared word theirs') ?? ''}`)).toEqual([]);
  });

  it('never shows a restricted user what they may not see: not in results, totals or highlights', async () => {
    const tt = await makeTenant(t);
    const sport = await t.services.groupsService.create(tt.root, { name: 'Sport' });
    const owner = await makeUser(t, tt);
    const member = await makeUser(t, tt, { groupIds: [sport.id] });
    const outsider = await makeUser(t, tt);
    await makeItem(t, tt, { ownerId: owner.id, title: 'Embargo open' });
    await makeItem(t, tt, {
      ownerId: owner.id,
      title: 'Embargo sport',
      visibleTo: { level: 'selected_groups', groups: [sport.id] },
    });
    await makeItem(t, tt, {
      ownerId: owner.id,
      title: 'Embargo private',
      visibleTo: { level: 'owner', groups: [] },
    });
    const sorted = q('embargo', '&sort=title');
    expect(await titles(owner, sorted)).toEqual(['Embargo open', 'Embargo private', 'Embargo sport']);
    expect(await titles(member, sorted)).toEqual(['Embargo open', 'Embargo sport']);
    const outside = await found(outsider, sorted);
    expect(outside.items.map((i) => i.title)).toEqual(['Embargo open']);
    expect(outside.total).toBe(1);
    expect((await found(outsider, q('private'))).total).toBe(0);
  });
});

describe('GET /api/v1/search: the OpenAPI document', () => {
  it('describes the search with Mimir’s parameter names', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    }>();
    const parameters = doc.paths['/api/v1/search']?.get?.parameters ?? [];
    expect(parameters.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'searchString',
        'itemType',
        'folderId',
        'includeSubfolders',
        'from',
        'itemsPerPage',
        'sort',
      ]),
    );
  });
});

describe('the index follows every change of an item', () => {
  it('finds an item after a rename or a new description, and no longer by the old words', async () => {
    const { tt, user, ids } = await library([{ title: 'Draft headline' }]);
    const id = ids.get('Draft headline') ?? '';
    await t.services.itemsService.update(tt.root, id, {
      title: 'Final headline',
      description: 'Kommunevalg',
    });
    expect(await titles(user, q('draft'))).toEqual([]);
    expect(await titles(user, q('final'))).toEqual(['Final headline']);
    expect(await titles(user, q('kommunevalg'))).toEqual(['Final headline']);
  });

  it('follows moves, access changes, deletion, restore and permanent deletion', async () => {
    const { tt, user, ids } = await library([{ title: 'Lifecycle clip' }]);
    const other = await makeUser(t, tt);
    const id = ids.get('Lifecycle clip') ?? '';
    const archive = await makeFolder(t, tt, 'Archive');
    await t.services.itemsService.update(tt.root, id, { folderId: archive.id });
    expect(await titles(user, q('lifecycle', `&folderId=${archive.id}`))).toEqual(['Lifecycle clip']);

    await t.services.itemsService.update(tt.root, id, { visibleTo: { level: 'owner', groups: [] } });
    expect(await titles(other, q('lifecycle'))).toEqual([]);
    await t.services.itemsService.update(tt.root, id, { visibleTo: null });
    expect(await titles(other, q('lifecycle'))).toEqual(['Lifecycle clip']);

    await t.services.itemsService.delete(tt.root, id);
    expect(await titles(user, q('lifecycle'))).toEqual([]);
    expect(await titles(user, q('lifecycle', '&deleted=true'))).toEqual(['Lifecycle clip']);
    await t.services.itemsService.restore(tt.root, id);
    expect(await titles(user, q('lifecycle'))).toEqual(['Lifecycle clip']);
    expect(await titles(user, q('lifecycle', '&deleted=true'))).toEqual([]);

    await t.services.itemsService.delete(tt.root, id);
    await t.services.itemsService.deletePermanently(tt.root, id);
    expect(await titles(user, q('lifecycle', '&deleted=true'))).toEqual([]);
    expect(await titles(user, q('lifecycle'))).toEqual([]);
  });
});
