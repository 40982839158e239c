import type { ItemSummary, ItemType } from '@skald/domain';
import { apiRequest } from './client.ts';
import type { SortOrder } from './items.ts';
import type { Page } from './types.ts';

/** docs/SEARCH.md: the orders of GET /api/v1/search (`deleted` only in the recycle bin). */
export const SEARCH_SORTS = ['relevance', 'created', 'title', 'duration', 'deleted'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** [start, end) offsets into the text they mark. */
export type HighlightRange = readonly [number, number];

export interface SearchHit extends ItemSummary {
  highlights: { title: HighlightRange[]; description: HighlightRange[] };
}

export interface SearchWarning {
  code: string;
  message: string;
}

export interface SearchAnswer extends Page<SearchHit> {
  /** `total` stopped counting at 1,000: there are at least that many. */
  totalIsLowerBound: boolean;
  warnings: SearchWarning[];
}

/** One search, without its page: the parameters of docs/SEARCH.md that the screen sets. */
export interface SearchParams {
  searchString?: string | undefined;
  itemTypes?: readonly ItemType[] | undefined;
  owner?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  folderId?: string | undefined;
  includeSubfolders?: boolean | undefined;
  itemIds?: readonly string[] | undefined;
  deleted?: boolean | undefined;
  sort?: SearchSort | undefined;
  order?: SortOrder | undefined;
}

const list = (values: readonly string[] | undefined) =>
  values && values.length > 0 ? values.join(',') : undefined;

export const searchApi = {
  search: (params: SearchParams, page: { from: number; itemsPerPage: number }, signal?: AbortSignal) =>
    apiRequest<SearchAnswer>('/search', {
      query: {
        searchString: params.searchString,
        itemType: list(params.itemTypes),
        owner: params.owner,
        createdFrom: params.createdFrom,
        createdTo: params.createdTo,
        folderId: params.folderId,
        includeSubfolders: params.includeSubfolders ? 'true' : undefined,
        itemId: list(params.itemIds),
        deleted: params.deleted ? 'true' : undefined,
        sort: params.sort,
        order: params.order,
        ...page,
      },
      signal,
    }),
};
