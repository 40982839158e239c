import type { ItemSort, SortOrder } from '../../api/items.ts';
import type { ListSort } from '../../components/items/collection.ts';

export const ITEM_SORTS: readonly ItemSort[] = ['title', 'created', 'duration', 'type'];

export type SortState = ListSort<ItemSort>;

/** A folder opens sorted by title, A to Z; the URL carries only what differs from that. */
export const DEFAULT_SORT: SortState = { sort: 'title', order: 'asc' };

function isSort(value: string | null): value is ItemSort {
  return ITEM_SORTS.some((sort) => sort === value);
}

/** The order a column starts in when it is chosen: newest and longest first, names from A. */
export function defaultOrderFor(sort: ItemSort): SortOrder {
  return sort === 'created' || sort === 'duration' ? 'desc' : 'asc';
}

/** Reads `sort` and `order` from the query string; unknown values fall back to the default. */
export function readSort(params: URLSearchParams): SortState {
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : DEFAULT_SORT.sort;
  const orderParam = params.get('order');
  const order: SortOrder =
    orderParam === 'asc' || orderParam === 'desc'
      ? orderParam
      : sortParam === null
        ? DEFAULT_SORT.order
        : defaultOrderFor(sort);
  return { sort, order };
}

/** A copy of `params` carrying `state`; the default leaves no trace, other parameters stay. */
export function writeSort(params: URLSearchParams, state: SortState): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('sort');
  next.delete('order');
  if (state.sort !== DEFAULT_SORT.sort || state.order !== DEFAULT_SORT.order) {
    next.set('sort', state.sort);
    next.set('order', state.order);
  }
  return next;
}

/** Choosing the column already sorted on flips its order; another column starts in its own order. */
export function toggleSort(current: SortState, sort: ItemSort): SortState {
  if (current.sort === sort) return { sort, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort, order: defaultOrderFor(sort) };
}
