import { describe, expect, it } from 'vitest';
import {
  EMPTY_SEARCH,
  NO_FILTERS,
  chooseSort,
  isSearching,
  readSearchState,
  searchParamsOf,
  sortKeyOf,
  sortOf,
  sortsFor,
  withSort,
  writeSearchState,
  type SearchState,
} from './searchState.ts';

const FOLDER = '01900000-0000-7000-8000-000000000001';
const OWNER = '01900000-0000-7000-8000-000000000002';
const ITEM_A = '01900000-0000-7000-8000-00000000000a';
const ITEM_B = '01900000-0000-7000-8000-00000000000b';

const read = (query: string) => readSearchState(new URLSearchParams(query));

const full: SearchState = {
  q: 'title:"evening news" OR påske*',
  filters: {
    types: ['video', 'audio'],
    owner: OWNER,
    createdFrom: '2026-01-01',
    createdTo: '2026-03-31',
    folder: FOLDER,
    includeSubfolders: true,
    usage: 'expiring',
    usageDays: 7,
  },
  refine: [ITEM_B, ITEM_A],
  sort: 'title',
  sortField: null,
  order: 'desc',
  view: 'list',
};

describe('the URL of a search', () => {
  it('is empty for an empty search', () => {
    expect(writeSearchState(EMPTY_SEARCH).toString()).toBe('');
    expect(read('')).toEqual(EMPTY_SEARCH);
  });

  it('holds the whole search in the documented parameters, in a stable order', () => {
    expect(writeSearchState(full).toString()).toBe(
      'q=title%3A%22evening+news%22+OR+p%C3%A5ske*&type=video%2Caudio&owner=' +
        `${OWNER}&from=2026-01-01&to=2026-03-31&folder=${FOLDER}&sub=1&usage=expiring&usageDays=7&refine=${ITEM_B}%2C${ITEM_A}` +
        '&sort=title&order=desc&view=list',
    );
  });

  it('reads back what it wrote', () => {
    expect(readSearchState(writeSearchState(full))).toEqual(full);
  });

  it('reads a hand-written URL', () => {
    expect(read(`q=news&type=image,video&folder=${FOLDER}&sub=1&view=grid`)).toEqual({
      ...EMPTY_SEARCH,
      q: 'news',
      filters: { ...NO_FILTERS, types: ['video', 'image'], folder: FOLDER, includeSubfolders: true },
      view: 'grid',
    });
  });

  it.each([
    ['unknown item types', 'type=video,podcast,,video', { filters: { ...NO_FILTERS, types: ['video'] } }],
    ['a malformed date', 'from=2026-1-1&to=yesterday', {}],
    ['an owner that is no id', 'owner=anna', {}],
    ['an unknown usage state', 'usage=sometimes&usageDays=-3', {}],
    ['subfolders without a folder', 'sub=1', {}],
    ['an unknown order', 'sort=size&order=up&view=tiles', {}],
    ['refined ids that are no ids', `refine=${ITEM_A},x,${ITEM_A}`, { refine: [ITEM_A] }],
  ])('leaves out %s', (_, query, expected) => {
    expect(read(query)).toEqual({ ...EMPTY_SEARCH, ...expected });
  });

  it('writes subfolders only with a folder', () => {
    const state = { ...EMPTY_SEARCH, filters: { ...NO_FILTERS, includeSubfolders: true } };
    expect(writeSearchState(state).toString()).toBe('');
  });
});

describe('isSearching', () => {
  it.each([
    ['nothing', EMPTY_SEARCH, false],
    ['blanks', { ...EMPTY_SEARCH, q: '   ' }, false],
    ['a query', { ...EMPTY_SEARCH, q: 'news' }, true],
    ['a filter', { ...EMPTY_SEARCH, filters: { ...NO_FILTERS, types: ['audio'] as const } }, true],
    ['a refine', { ...EMPTY_SEARCH, refine: [ITEM_A] }, true],
  ])('searches the live items for %s: %s', (_, state, expected) => {
    expect(isSearching(state, 'live')).toBe(expected);
  });

  it('always lists the recycle bin', () => {
    expect(isSearching(EMPTY_SEARCH, 'deleted')).toBe(true);
  });
});

describe('the order of the results', () => {
  it.each([
    ['a query', { ...EMPTY_SEARCH, q: 'news' }, 'live', { sort: 'relevance', order: 'desc' }],
    ['filters alone', EMPTY_SEARCH, 'live', { sort: 'created', order: 'desc' }],
    ['the recycle bin', EMPTY_SEARCH, 'deleted', { sort: 'deleted', order: 'desc' }],
    ['titles', { ...EMPTY_SEARCH, sort: 'title' }, 'live', { sort: 'title', order: 'asc' }],
    [
      'an explicit order',
      { ...EMPTY_SEARCH, sort: 'duration', order: 'asc' },
      'live',
      { sort: 'duration', order: 'asc' },
    ],
    [
      'relevance without a query',
      { ...EMPTY_SEARCH, sort: 'relevance' },
      'live',
      { sort: 'created', order: 'desc' },
    ],
    [
      'deletion outside the bin',
      { ...EMPTY_SEARCH, sort: 'deleted' },
      'live',
      { sort: 'created', order: 'desc' },
    ],
  ] as const)('defaults for %s', (_, state, mode, expected) => {
    expect(sortOf(state, mode)).toEqual(expected);
  });

  it('offers relevance for a query and the deletion date in the bin', () => {
    expect(sortsFor(EMPTY_SEARCH, 'live')).toEqual(['created', 'title', 'duration']);
    expect(sortsFor({ ...EMPTY_SEARCH, q: 'news' }, 'live')).toEqual([
      'relevance',
      'created',
      'title',
      'duration',
    ]);
    expect(sortsFor(EMPTY_SEARCH, 'deleted')).toEqual(['created', 'title', 'duration', 'deleted']);
  });

  it('takes the way round chosen for the same order, and starts another order its own way', () => {
    const newest = { ...EMPTY_SEARCH, sort: 'created' as const };
    expect(sortOf(withSort(newest, 'live', { sort: 'created', order: 'asc' }), 'live')).toEqual({
      sort: 'created',
      order: 'asc',
    });
    expect(sortOf(withSort(newest, 'live', { sort: 'title', order: 'desc' }), 'live')).toEqual({
      sort: 'title',
      order: 'asc',
    });
  });

  it('starts a newly chosen order its own way round, and flips the one already chosen', () => {
    const byTitle = chooseSort(EMPTY_SEARCH, 'live', 'title');
    expect(sortOf(byTitle, 'live')).toEqual({ sort: 'title', order: 'asc' });
    expect(sortOf(chooseSort(byTitle, 'live', 'title'), 'live')).toEqual({ sort: 'title', order: 'desc' });
    expect(sortOf(chooseSort(byTitle, 'live', 'duration'), 'live')).toEqual({
      sort: 'duration',
      order: 'desc',
    });
  });
});

describe('the order of a sortable form field', () => {
  const byEmbargo = readSearchState(new URLSearchParams('q=news&sort=field&sortField=embargo'));

  it('is held in the URL as the API names it, and read back', () => {
    expect(byEmbargo).toMatchObject({ sort: 'field', sortField: 'embargo' });
    expect(writeSearchState(byEmbargo).toString()).toBe('q=news&sort=field&sortField=embargo');
  });

  it.each([
    ['without a field', 'sort=field'],
    ['with a field that is no field id', 'sort=field&sortField=a.b'],
  ])('is left out %s', (_, query) => {
    expect(readSearchState(new URLSearchParams(query))).toEqual(EMPTY_SEARCH);
  });

  it('writes no field for another order', () => {
    expect(writeSearchState({ ...EMPTY_SEARCH, sort: 'title', sortField: 'embargo' }).toString()).toBe(
      'sort=title',
    );
  });

  it('runs from A, when the field is one of the sortable ones or they are not known yet', () => {
    const expected = { sort: 'field', sortField: 'embargo', order: 'asc' };
    expect(sortOf(byEmbargo, 'live', new Set(['embargo']))).toEqual(expected);
    expect(sortOf(byEmbargo, 'live')).toEqual(expected);
    expect(sortKeyOf(sortOf(byEmbargo, 'live'))).toBe('field:embargo');
  });

  it('falls back to the default when the field is not sortable', () => {
    expect(sortOf(byEmbargo, 'live', new Set(['source']))).toEqual({ sort: 'relevance', order: 'desc' });
  });

  it('is chosen in the sort control by its key, and left for a named order or a column', () => {
    const chosen = withSort(EMPTY_SEARCH, 'live', { sort: 'field:embargo', order: 'desc' });
    expect(chosen).toMatchObject({ sort: 'field', sortField: 'embargo', order: null });
    expect(searchParamsOf(chosen, 'live', new Set(['embargo']))).toMatchObject({
      sort: 'field',
      sortField: 'embargo',
      order: 'asc',
    });
    expect(withSort(chosen, 'live', { sort: 'field:embargo', order: 'desc' })).toMatchObject({
      order: 'desc',
    });
    expect(withSort(chosen, 'live', { sort: 'title', order: 'asc' })).toMatchObject({
      sort: 'title',
      sortField: null,
    });
    expect(chooseSort(chosen, 'live', 'duration')).toMatchObject({ sort: 'duration', sortField: null });
  });
});

describe('searchParamsOf', () => {
  it('asks the API for the whole search', () => {
    expect(searchParamsOf(full, 'live')).toEqual({
      searchString: full.q,
      itemTypes: ['video', 'audio'],
      owner: OWNER,
      createdFrom: '2026-01-01',
      createdTo: '2026-03-31',
      folderId: FOLDER,
      includeSubfolders: true,
      itemIds: [ITEM_B, ITEM_A],
      usage: 'expiring',
      usageWithinDays: 7,
      deleted: false,
      sort: 'title',
      order: 'desc',
    });
  });

  it('asks for the deleted items in the recycle bin, newest deletions first', () => {
    expect(searchParamsOf(EMPTY_SEARCH, 'deleted')).toMatchObject({
      searchString: undefined,
      deleted: true,
      sort: 'deleted',
      order: 'desc',
    });
  });
});
