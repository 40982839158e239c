import type { ItemRow } from '../db/rows.ts';
import type { HitMomentRow } from './moment-search.ts';
import type { ItemType, Principal, QueryNode, UsageFilter } from '@skald/domain';

export const SEARCH_SORTS = ['relevance', 'created', 'title', 'duration', 'deleted', 'field'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * Counting stops here: beyond it the total is a lower bound (docs/SEARCH.md). Counting walks every
 * match through the visibility filter, so the cap is what keeps a broad search fast.
 */
export const EXACT_TOTAL_LIMIT = 1_000;

/** One search, parsed and validated: what the engines run. */
export interface SearchRequest {
  tenantId: string;
  /** Whose visibility filters the answer. */
  principal: Principal;
  query: QueryNode | null;
  itemTypes: readonly ItemType[];
  ownerId?: string | undefined;
  /** Inclusive UTC days, `YYYY-MM-DD`. */
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  folder?: { id: string; includeSubfolders: boolean } | undefined;
  itemIds?: readonly string[] | undefined;
  /** Spec §4 usage state (search/usage-condition.ts). */
  usage?: UsageFilter | undefined;
  /** The recycle bin instead of the live items. */
  deleted: boolean;
  sort: SearchSort;
  /** With sort `field`: the lower-cased id of the sortable metadata field to order by. */
  sortField?: string | undefined;
  order: 'asc' | 'desc';
  from: number;
  itemsPerPage: number;
  /** Read the page's moments too (SearchPage.moments), beside the count. */
  hitMoments: boolean;
}

export interface SearchPage {
  rows: ItemRow[];
  /**
   * The query as the engine searched it: every wildcard but a trailing `*` replaced by the words
   * it matched (wildcards.ts), so the results' highlights look up words instead of matching patterns.
   */
  searched: QueryNode | null;
  /** Exact up to EXACT_TOTAL_LIMIT; then that limit, with `totalIsLowerBound`. */
  total: number;
  totalIsLowerBound: boolean;
  /**
   * With `hitMoments`: the indexed moments of the page's items of the kinds the query can find
   * (`momentKindsOf`), each item's earliest first (at most MOMENTS_READ_PER_ITEM an item).
   */
  moments: HitMomentRow[];
}

/** Where a full-text engine plugs in: the SQL of the text leaves and of relevance. */
export interface SearchIndex {
  search(request: SearchRequest): Promise<SearchPage>;
  /** Ends what the index holds of its own (PostgreSQL: its pool). */
  close(): Promise<void>;
}

/** The parts of a query that must all hold: an AND's children, or the query itself. */
export function conjunctsOf(query: QueryNode | null): QueryNode[] {
  if (query === null) return [];
  return query.kind === 'and' ? query.children : [query];
}

/** True when every leaf under `node` is a text leaf (the part a full-text index answers). */
export function isTextOnly(node: QueryNode): boolean {
  switch (node.kind) {
    case 'text':
      return true;
    case 'and':
    case 'or':
      return node.children.every(isTextOnly);
    case 'not':
      return isTextOnly(node.child);
    case 'type':
    case 'user':
    case 'created':
    case 'metadata':
    case 'moment':
      return false;
  }
}

/** True when some text leaf under `node` passes `test`. */
function anyTextLeaf(
  node: QueryNode,
  test: (leaf: Extract<QueryNode, { kind: 'text' }>) => boolean,
): boolean {
  switch (node.kind) {
    case 'text':
      return test(node);
    case 'and':
    case 'or':
      return node.children.some((c) => anyTextLeaf(c, test));
    case 'not':
      return anyTextLeaf(node.child, test);
    case 'type':
    case 'user':
    case 'created':
    case 'metadata':
    case 'moment':
      return false;
  }
}

/**
 * True when a text leaf under `node` is limited to a field other than the title (the description,
 * the file name). Such a query has no "found in the title" tier: on both engines all its matches
 * rank alike.
 */
export const mentionsOtherField = (node: QueryNode): boolean =>
  anyTextLeaf(node, (leaf) => leaf.field !== null && leaf.field !== 'title');

/** True when a text leaf under `node` is a wildcard (once expanded, a prefix: `news*`). */
export const mentionsWildcard = (node: QueryNode): boolean =>
  anyTextLeaf(node, (leaf) => leaf.match.kind === 'wildcard');
