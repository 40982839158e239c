import type { QueryNode } from '@skald/domain';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { fts5Expression } from './fts5-expression.ts';
import { tsqueryOf } from './tsquery-expression.ts';

/**
 * The full-text part of moment search (search_moments, 0038-moment-search.ts) for a text-only node
 * without fields, over a tenant's moments of some kinds or of any. Each answers null when the node
 * is no positive match of one moment (a NOT alone, an OR with a NOT side).
 */
export interface MomentEngine {
  /**
   * The item ids of the matching moments (a list: cheap while the moments are few); `created`: with
   * each one's item's `item_created_at` (two columns, for a listing to order them).
   */
  itemIds(
    tenantId: string,
    kinds: readonly string[] | null,
    node: QueryNode,
    created?: boolean,
  ): RawBuilder<unknown> | null;
  /** A condition on `items`: the item has a matching moment (looked up item by item). */
  holds(tenantId: string, kinds: readonly string[] | null, node: QueryNode): RawBuilder<SqlBool> | null;
  /** The matching moments of every tenant counted up to `limit`, `{ n }`, to choose between the two. */
  count(node: QueryNode, limit: number): RawBuilder<{ n: number | string }> | null;
  /**
   * Whether a common match's total is counted from its moments' items (SQLite: read in index
   * order, each item once, so the count stops at its limit) rather than by walking the items.
   * PostgreSQL would list every match's item before the first is counted (a hashed DISTINCT).
   */
  countsFromIndex: boolean;
  /**
   * Whether each item holds its moments' words (`items.moment_words`, PostgreSQL: moment-words.ts),
   * so that a kind filter of words is a condition on the item, and beside words an index scan.
   */
  wordsOnItems: boolean;
}

/**
 * The FTS5 expression of a node that one moment can match, or null: both engines search moments
 * for the same nodes (a NOT alone or an OR with a NOT side needs SQL, which moments do not get).
 */
function positive(node: QueryNode): string | null {
  const expression = fts5Expression(node);
  return expression === 'split' || !('pos' in expression) ? null : expression.pos;
}

const ofKinds = (kinds: readonly string[] | null, column: RawBuilder<unknown>) =>
  kinds === null ? sql`` : sql` and ${column} in (${sql.join(kinds.map((k) => sql`${k}`))})`;

/** SQLite: the FTS5 table search_moments_fts, whose rowid is the moment's doc_id. */
export const sqliteMomentEngine: MomentEngine = {
  itemIds(tenantId, kinds, node, created = false) {
    const fts = positive(node);
    if (fts === null) return null;
    // CROSS JOIN keeps the index's matches SQLite's outer loop.
    return sql`(select m.item_id${created ? sql`, m.item_created_at` : sql``} from search_moments_fts cross join search_moments m
      where m.doc_id = search_moments_fts.rowid and search_moments_fts match ${fts}
      and m.tenant_id = ${tenantId}${ofKinds(kinds, sql.ref('m.kind'))})`;
  },
  holds(tenantId, kinds, node) {
    const fts = positive(node);
    if (fts === null) return null;
    // The matches' doc ids are listed once; each item's few moments are checked against them.
    return sql<SqlBool>`exists (select 1 from search_moments m where m.item_id = items.id
      and m.tenant_id = ${tenantId}${ofKinds(kinds, sql.ref('m.kind'))}
      and m.doc_id in (select rowid from search_moments_fts where search_moments_fts match ${fts}))`;
  },
  count(node, limit) {
    const fts = positive(node);
    if (fts === null) return null;
    return sql<{ n: number | string }>`select count(*) as n from (select 1 from search_moments_fts
      where search_moments_fts match ${fts} limit ${limit}) as capped`;
  },
  countsFromIndex: true,
  wordsOnItems: false,
};

const tsquery = (node: QueryNode) => (positive(node) === null ? null : tsqueryOf(node));

/** PostgreSQL: the generated tsvector `search_moments.vector` and its GIN index. */
export const postgresMomentEngine: MomentEngine = {
  itemIds(tenantId, kinds, node, created = false) {
    const query = tsquery(node);
    if (query === null) return null;
    return sql`(select item_id${created ? sql`, item_created_at` : sql``} from search_moments
      where tenant_id = ${tenantId} and vector @@ to_tsquery('simple', ${query})${ofKinds(kinds, sql.ref('kind'))})`;
  },
  holds(tenantId, kinds, node) {
    const query = tsquery(node);
    if (query === null) return null;
    // A scalar subquery, so the planner looks each walked item up rather than joining all matches.
    return sql<SqlBool>`(select 1 from search_moments m where m.item_id = items.id
      and m.tenant_id = ${tenantId}${ofKinds(kinds, sql.ref('m.kind'))}
      and m.vector @@ to_tsquery('simple', ${query}) limit 1) = 1`;
  },
  count(node, limit) {
    const query = tsquery(node);
    if (query === null) return null;
    return sql<{ n: number | string }>`select count(*) as n from (select 1 from search_moments
      where vector @@ to_tsquery('simple', ${query}) limit ${limit}) as capped`;
  },
  countsFromIndex: false,
  wordsOnItems: true,
};
