import type { QueryNode } from '@skald/domain';
import { sql, type RawBuilder } from 'kysely';
import { fts5Expression } from './fts5-expression.ts';
import { tsqueryOf } from './tsquery-expression.ts';

/**
 * The full-text part of moment search (search_moments, 0038-moment-search.ts): the item ids of a
 * tenant's moments that a text-only node without fields matches, of some kinds or of any.
 */
export interface MomentEngine {
  /** Null when the node is no positive match of one moment (a NOT alone, an OR with a NOT). */
  itemIds(tenantId: string, kinds: readonly string[] | null, node: QueryNode): RawBuilder<unknown> | null;
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
  itemIds(tenantId, kinds, node) {
    const fts = positive(node);
    if (fts === null) return null;
    // CROSS JOIN keeps the index's matches SQLite's outer loop.
    return sql`(select m.item_id from search_moments_fts cross join search_moments m
      where m.doc_id = search_moments_fts.rowid and search_moments_fts match ${fts}
      and m.tenant_id = ${tenantId}${ofKinds(kinds, sql.ref('m.kind'))})`;
  },
};

/** PostgreSQL: the generated tsvector `search_moments.vector` and its GIN index. */
export const postgresMomentEngine: MomentEngine = {
  itemIds(tenantId, kinds, node) {
    const query = positive(node) === null ? null : tsqueryOf(node);
    if (query === null) return null;
    return sql`(select item_id from search_moments
      where tenant_id = ${tenantId} and vector @@ to_tsquery('simple', ${query})${ofKinds(kinds, sql.ref('kind'))})`;
  },
};
