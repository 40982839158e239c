import type { UsageFilterState } from '@skald/domain';
import { apiRequest } from './client.ts';
import type { ItemType, SortOrder } from './items.ts';
import type { ApiBody, ApiQuery, Schema } from './schema.ts';

type SearchSortName = NonNullable<ApiQuery<'/api/v1/search', 'get'>['sort']>;

/** docs/SEARCH.md: the orders of GET /api/v1/search (`deleted` only in the recycle bin). */
export const SEARCH_SORTS = [
  'relevance',
  'created',
  'title',
  'duration',
  'deleted',
  'field',
] as const satisfies readonly SearchSortName[];
export type SearchSort = (typeof SEARCH_SORTS)[number];
// Every order the server knows is offered: a new one fails to compile here until it is listed.
export const allSortsListed: [Exclude<SearchSortName, SearchSort>] extends [never] ? true : never = true;

export type SearchHit = Schema<'SearchHit'>;
/** [start, end) offsets into the text they mark. */
export type HighlightRange = SearchHit['highlights']['title'][number];
/** `total` stopped counting at 1,000 when `totalIsLowerBound`: there are at least that many. */
export type SearchAnswer = ApiBody<'/api/v1/search', 'get'>;
export type SearchWarning = SearchAnswer['warnings'][number];

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
  /** Usage-rule state; `expiring` within usageWithinDays. */
  usage?: UsageFilterState | undefined;
  usageWithinDays?: number | undefined;
  deleted?: boolean | undefined;
  sort?: SearchSort | undefined;
  /** With sort `field`: the sortable metadata field's id. */
  sortField?: string | undefined;
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
        usage: params.usage,
        usageWithinDays: params.usage === 'expiring' ? params.usageWithinDays : undefined,
        deleted: params.deleted ? 'true' : undefined,
        sort: params.sort,
        sortField: params.sort === 'field' ? params.sortField : undefined,
        order: params.order,
        ...page,
      },
      signal,
    }),
};
