import type { QueryNode } from '@skald/domain';
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.ts';
import { engineOf } from '../db/engine.ts';
import type { ItemsQuery } from './text-engine.ts';

// A kind filter of one word (`said:budsjett`) read from `moment_terms` (0060-moment-terms.ts): one
// row per word of each indexed moment, keyed (tenant, kind, word, item's created_at, item id,
// moment). The same rows on both engines, found by the same word the full-text indexes would match
// (a word of the query is one token, folded as the indexed words are).

/** Which rows: a word of moments of some kinds. */
export interface MomentTerm {
  tenantId: string;
  kinds: readonly string[];
  term: string;
}

/** The word a kind filter's match is looked up by, or null for a phrase or a pattern. */
export const termOf = (node: Extract<QueryNode, { kind: 'moment' }>): string | null =>
  node.match.kind === 'word' ? node.match.word : null;

const rows = ({ tenantId, kinds, term }: MomentTerm, alias = 't'): RawBuilder<SqlBool> => {
  const t = sql.raw(alias);
  return sql<SqlBool>`${t}.tenant_id = ${tenantId} and ${t}.kind in (${sql.join(kinds.map((k) => sql`${k}`))})
    and ${t}.term = ${term}`;
};

/** The rows of a word, counted up to `limit` (its plan: moment-search.ts). */
export async function countTermRows(db: Db, term: MomentTerm, limit: number): Promise<number> {
  const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n from (
    select 1 from moment_terms t where ${rows(term)} limit ${limit}) as capped`.execute(db);
  return Number(counted[0]?.n ?? 0);
}

/**
 * The condition on `items` that the item has a moment holding the word: a list of the word's
 * items (few rows), or one seek of the key for each item walked (a common word). The lookup is a
 * scalar subquery so that PostgreSQL looks each item up rather than joining all the rows.
 */
export function holdsTerm(term: MomentTerm, plan: 'list' | 'lookup'): Expression<SqlBool> {
  if (plan === 'list')
    return sql<SqlBool>`items.id in (select t.item_id from moment_terms t where ${rows(term)})`;
  return sql<SqlBool>`(select 1 from moment_terms t where ${rows(term)}
    and t.item_created_at = items.created_at and t.item_id = items.id limit 1) = 1`;
}

export type Direction = 'asc' | 'desc';

/**
 * The items of a word in creation order (`created_at`, then id: the search's newest-first order
 * and `sort=created`), read from its rows in the key's order and grouped by item (the rows of one
 * item are neighbours), so a page stops when it is full and the count at its cap: the plan is the
 * key walked (backwards for newest first) with each item looked up, no sort and no list. Ordered
 * by `inTermOrder`. PostgreSQL groups by `items.id` too (it selects the item's columns), which it
 * knows is `mm.item_id` and so sorted alike; SQLite would sort for it.
 */
export function itemsInTermOrder(db: Db, term: MomentTerm): ItemsQuery {
  const postgres = engineOf(db as unknown as Kysely<unknown>) === 'postgres';
  return db
    .selectFrom(sql`moment_terms`.as('mm'))
    .crossJoin('items')
    .where(rows(term, 'mm'))
    .where(sql<SqlBool>`items.id = mm.item_id`)
    .groupBy([sql`mm.item_created_at`, sql`mm.item_id`, ...(postgres ? [sql`items.id`] : [])]);
}

/** `itemsInTermOrder`'s order, the same as `items.created_at`, `items.id` on its rows. */
export const inTermOrder = (query: ItemsQuery, direction: Direction): ItemsQuery =>
  query.orderBy(sql`mm.item_created_at`, direction).orderBy(sql`mm.item_id`, direction);
