import {
  FORM_IDENTIFIER,
  ITEM_TYPES,
  USAGE_FILTERS,
  USAGE_FILTER_DAYS,
  type ItemType,
  type UsageFilterState,
} from '@skald/domain';
import type { SortOrder } from '../../api/items.ts';
import { SEARCH_SORTS, type SearchParams, type SearchSort } from '../../api/search.ts';
import type { ListSort } from '../../components/items/collection.ts';
import type { ViewMode } from '../../components/items/viewMode.ts';

/** The search screen over the live items, or the recycle bin (the same screen over deleted ones). */
export type SearchMode = 'live' | 'deleted';

/** The sidebar's filters (spec §6 ui.searchFilter). */
export interface SearchFilters {
  /** In ITEM_TYPES order, each once. */
  types: readonly ItemType[];
  /** A user id. */
  owner: string | null;
  /** Inclusive UTC days, `YYYY-MM-DD`. */
  createdFrom: string | null;
  createdTo: string | null;
  folder: string | null;
  includeSubfolders: boolean;
  /** Usage-rule state (spec §4); `expiring` within usageDays. */
  usage: UsageFilterState | null;
  usageDays: number;
}

/** Everything the URL says about a search (docs/SEARCH.md, "The screen"). */
export interface SearchState {
  q: string;
  filters: SearchFilters;
  /** Refine selection: only these items (at most LIMITS.refineMaxItems). */
  refine: readonly string[];
  /** Null: the search's default order (see sortOf). */
  sort: SearchSort | null;
  /** With sort `field`: the sortable metadata field it orders by (never null then). */
  sortField: string | null;
  order: SortOrder | null;
  /** Null: the view this browser last chose. */
  view: ViewMode | null;
}

export const NO_FILTERS: SearchFilters = {
  types: [],
  owner: null,
  createdFrom: null,
  createdTo: null,
  folder: null,
  includeSubfolders: false,
  usage: null,
  usageDays: USAGE_FILTER_DAYS.default,
};

export const EMPTY_SEARCH: SearchState = {
  q: '',
  filters: NO_FILTERS,
  refine: [],
  sort: null,
  sortField: null,
  order: null,
  view: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((candidate) => candidate === value) ?? null;

const matching = (pattern: RegExp, value: string | null): string | null =>
  value !== null && pattern.test(value) ? value : null;

const listParam = (params: URLSearchParams, name: string): string[] =>
  (params.get(name) ?? '').split(',').filter((value) => value !== '');

/** A number of days for the expiring filter, 1 to USAGE_FILTER_DAYS.max; the default when malformed. */
function daysOf(value: string | null): number {
  const days = Number(value);
  return Number.isInteger(days) && days >= 1 && days <= USAGE_FILTER_DAYS.max
    ? days
    : USAGE_FILTER_DAYS.default;
}

/** The item types of a list, known ones only, in ITEM_TYPES order. */
export function normaliseTypes(types: readonly string[]): ItemType[] {
  return ITEM_TYPES.filter((type) => types.includes(type));
}

/** Reads a search from the query string; what is malformed is left out, not guessed at. */
export function readSearchState(params: URLSearchParams): SearchState {
  const folder = matching(ID, params.get('folder'));
  const sort = oneOf(SEARCH_SORTS, params.get('sort'));
  const sortField = sort === 'field' ? matching(FORM_IDENTIFIER, params.get('sortField')) : null;
  return {
    q: params.get('q') ?? '',
    filters: {
      types: normaliseTypes(listParam(params, 'type')),
      owner: matching(ID, params.get('owner')),
      createdFrom: matching(DAY, params.get('from')),
      createdTo: matching(DAY, params.get('to')),
      folder,
      includeSubfolders: folder !== null && params.get('sub') === '1',
      usage: oneOf(USAGE_FILTERS, params.get('usage')),
      usageDays: daysOf(params.get('usageDays')),
    },
    refine: [...new Set(listParam(params, 'refine').filter((id) => ID.test(id)))],
    sort: sort === 'field' && sortField === null ? null : sort,
    sortField,
    order: oneOf(['asc', 'desc'] as const, params.get('order')),
    view: oneOf(['grid', 'list'] as const, params.get('view')),
  };
}

/** The query string of a search: only what differs from an empty search, in a stable order. */
export function writeSearchState(state: SearchState): URLSearchParams {
  const { filters } = state;
  const entries: [string, string | null][] = [
    ['q', state.q === '' ? null : state.q],
    ['type', filters.types.length > 0 ? normaliseTypes(filters.types).join(',') : null],
    ['owner', filters.owner],
    ['from', filters.createdFrom],
    ['to', filters.createdTo],
    ['folder', filters.folder],
    ['sub', filters.folder !== null && filters.includeSubfolders ? '1' : null],
    ['usage', filters.usage],
    [
      'usageDays',
      filters.usage === 'expiring' && filters.usageDays !== USAGE_FILTER_DAYS.default
        ? String(filters.usageDays)
        : null,
    ],
    ['refine', state.refine.length > 0 ? state.refine.join(',') : null],
    ['sort', state.sort],
    ['sortField', state.sort === 'field' ? state.sortField : null],
    ['order', state.order],
    ['view', state.view],
  ];
  const params = new URLSearchParams();
  for (const [name, value] of entries) if (value !== null) params.set(name, value);
  return params;
}

/** How many of the sidebar's filters are set (the types count as one, the date range as one). */
export function activeFilters(filters: SearchFilters): number {
  return [
    filters.types.length > 0,
    filters.owner !== null,
    filters.createdFrom !== null || filters.createdTo !== null,
    filters.folder !== null,
    filters.usage !== null,
  ].filter(Boolean).length;
}

export function hasFilters(filters: SearchFilters): boolean {
  return activeFilters(filters) > 0;
}

/**
 * Whether there is anything to search for. The search screen waits for a query, a filter or a
 * refine; the recycle bin lists everything in it from the start.
 */
export function isSearching(state: SearchState, mode: SearchMode): boolean {
  return mode === 'deleted' || state.q.trim() !== '' || hasFilters(state.filters) || state.refine.length > 0;
}

/** The orders of SEARCH_SORTS the sort control lists by name; a field's order is listed per field. */
export type NamedSort = Exclude<SearchSort, 'field'>;

/** The sort control's value: a named order, or `field:<fieldId>` for a sortable metadata field's. */
export type SortKey = NamedSort | `field:${string}`;

/** The order of a search: with `sortField` when it is a metadata field's. */
export interface SearchOrder extends ListSort<SearchSort> {
  sortField?: string | undefined;
}

/** The orders the screen offers: relevance only for a query, the deletion date only in the bin. */
export function sortsFor(state: SearchState, mode: SearchMode): NamedSort[] {
  return SEARCH_SORTS.filter(
    (sort): sort is NamedSort =>
      sort !== 'field' &&
      (sort !== 'relevance' || state.q.trim() !== '') &&
      (sort !== 'deleted' || mode === 'deleted'),
  );
}

/** docs/SEARCH.md defaults: relevance for a query, else the newest first (deleted, in the bin). */
export function defaultSort(state: SearchState, mode: SearchMode): SearchSort {
  if (state.q.trim() !== '') return 'relevance';
  return mode === 'deleted' ? 'deleted' : 'created';
}

/** Titles and fields run from A; every other order starts with the most (relevant, recent, long). */
export function defaultOrder(sort: SearchSort): SortOrder {
  return sort === 'title' || sort === 'field' ? 'asc' : 'desc';
}

/**
 * The order the results are in: the URL's when the screen offers it, else the default. A field's
 * order needs the field among `sortable` (lower-cased ids of the search view's sortable fields);
 * without the set (the forms still loading) the URL's field is taken as it is.
 */
export function sortOf(state: SearchState, mode: SearchMode, sortable?: ReadonlySet<string>): SearchOrder {
  const field = state.sort === 'field' ? state.sortField : null;
  if (field !== null && (sortable === undefined || sortable.has(field.toLowerCase()))) {
    return { sort: 'field', sortField: field, order: state.order ?? defaultOrder('field') };
  }
  const sort =
    state.sort !== null && sortsFor(state, mode).some((named) => named === state.sort)
      ? state.sort
      : defaultSort(state, mode);
  return { sort, order: state.order ?? defaultOrder(sort) };
}

/** The sort control's value for an order. */
export function sortKeyOf(order: SearchOrder): SortKey {
  return order.sort === 'field' ? `field:${order.sortField ?? ''}` : order.sort;
}

const FIELD_KEY = 'field:';

const isFieldKey = (key: SortKey): key is `field:${string}` => key.startsWith(FIELD_KEY);

/** Choosing an order starts it its own way round; choosing the same one again flips it. */
export function chooseSort(state: SearchState, mode: SearchMode, sort: NamedSort): SearchState {
  const current = sortOf(state, mode);
  if (current.sort === sort) return { ...state, sort, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { ...state, sort, sortField: null, order: null };
}

/** The sort control's choice: another order starts its own way round; the same one takes the way given. */
export function withSort(state: SearchState, mode: SearchMode, next: ListSort<SortKey>): SearchState {
  const same = next.sort === sortKeyOf(sortOf(state, mode));
  const order = same ? next.order : null;
  if (isFieldKey(next.sort)) {
    return { ...state, sort: 'field', sortField: next.sort.slice(FIELD_KEY.length), order };
  }
  return { ...state, sort: next.sort, sortField: null, order };
}

/** The API parameters of a search (docs/SEARCH.md). */
export function searchParamsOf(
  state: SearchState,
  mode: SearchMode,
  sortable?: ReadonlySet<string>,
): SearchParams {
  const { filters } = state;
  const { sort, sortField, order } = sortOf(state, mode, sortable);
  return {
    searchString: state.q.trim() === '' ? undefined : state.q,
    itemTypes: filters.types,
    owner: filters.owner ?? undefined,
    createdFrom: filters.createdFrom ?? undefined,
    createdTo: filters.createdTo ?? undefined,
    folderId: filters.folder ?? undefined,
    includeSubfolders: filters.folder !== null && filters.includeSubfolders,
    itemIds: state.refine,
    usage: filters.usage ?? undefined,
    usageWithinDays: filters.usage === 'expiring' ? filters.usageDays : undefined,
    deleted: mode === 'deleted',
    sort,
    sortField,
    order,
  };
}
