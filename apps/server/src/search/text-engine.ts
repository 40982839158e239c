import type { QueryNode } from '@skald/domain';
import type { Expression, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A query over `items` (other relations may be joined under their own names). */
export type ItemsQuery = SelectQueryBuilder<Database, 'items', object>;

/** What the full-text index found for the driving conjuncts of a query. */
export interface Driven {
  /** Every match. */
  all: ItemsQuery;
  /**
   * The same matches in relevance tiers, best first (docs/decisions/0003): those whose title
   * alone matches, then the rest.
   */
  tiers: ItemsQuery[];
  /** Orders matches newest first, the order the index walks them in (cheap with a LIMIT). */
  newestFirst: (query: ItemsQuery) => ItemsQuery;
  /** A prefix (`news*`) drives the lookup: an index reads those slower than words. */
  prefixes: boolean;
  /**
   * A match's item id as the index has it before `items` is read (SQLite: `search_docs.item_id`),
   * so that a metadata filter is checked first: most matches of a word fail a field's value, and
   * reading their items cost a third of a count (bench/search.ts, word + field at 1M items).
   */
  itemId?: Expression<string>;
  /**
   * A match's doc id as the index walks it (SQLite: the FTS5 rowid, kept from constraining the
   * index), so that a kind filter's word is checked against the list of its rows' item doc ids
   * before the item is read (moment-terms.ts `heldByDoc`).
   */
  docId?: Expression<number>;
  /**
   * The same matches tested on an item's own row (`all`), and `tiered`, which orders such items as
   * the tiers are, one after the other and newest first in each: for the few items of another walk
   * (a rare kind filter's), each checked once, where walking the index's matches looked most of
   * them up for nothing. Null when the text cannot be tested on the row.
   */
  onRows: { all: Expression<SqlBool>; tiered: (query: ItemsQuery) => ItemsQuery } | null;
  /**
   * The same test and order as `onRows`, made on the walked row's item id (`mm.item_id`) before its
   * item is read, against lists of the index's own ids of the matches (SQLite: the FTS5 rowids of
   * `all` and of the title tier, each listed once, the row's item doc id read with it,
   * `mm.item_doc_id`): null when the index matches `limit` items or more (the lists then cost more
   * than reading the walked items), or when the engine has no such lists (PostgreSQL).
   */
  onIds(
    limit: number,
  ): Promise<{ all: Expression<SqlBool>; tiered: (query: ItemsQuery) => ItemsQuery } | null>;
  /** Whether the index matches more than `n` items (counted, or the planner's estimate): cheap. */
  exceeds(n: number): Promise<boolean>;
}

/**
 * A full-text engine: the SQL for the text parts of a query. A search runs from the index when it
 * can (`drive`: the conjuncts the engine answers in one index lookup), and answers any other text
 * part as a condition on `items` (`textCondition`).
 */
export interface TextEngine {
  /**
   * From the top-level conjuncts of a query: the driven matches of those the index answers (null
   * when none can drive), and the conjuncts left for WHERE.
   */
  drive(conjuncts: readonly QueryNode[]): { driven: Driven | null; rest: QueryNode[] };
  /** A text-only node as one condition on `items`, or 'split' to have its children combined in SQL. */
  textCondition(node: QueryNode): Expression<SqlBool> | 'split';
  /**
   * The same test as `textCondition`, made on the item's own row (no index: for items another
   * index walks, where the text's list of matches would cost more than the walk), or 'split'.
   */
  rowCondition(node: QueryNode): Expression<SqlBool> | 'split';
  /**
   * A text-only node tested on the walked row of a kind filter's word (`itemsInTermOrder`'s `mm`)
   * against the list of the index's ids of its matches, before the row's item is read, when the
   * index matches fewer than `limit` (else, for a node it cannot list, or an engine without such
   * lists (PostgreSQL), null). SQLite: the row's item doc id in the node's FTS5 rowids.
   */
  matchesOnWalk(node: QueryNode, limit: number): Promise<Expression<SqlBool> | null>;
  /**
   * The cheapest form of `matches` for counting the first of them (the same rows, maybe ordered);
   * `library`: the items the search looks among (its conditions but the text and the fields).
   */
  countable(matches: ItemsQuery, driven: Driven | null, library: ItemsQuery): Promise<ItemsQuery>;
  /** Up to `limit` of the tenant's words matching a wildcard pattern, in order. */
  words(tenantId: string, pattern: string, limit: number): Promise<string[]>;
}
