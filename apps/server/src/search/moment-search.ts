import { MOMENT_FILTER_KINDS, type QueryNode } from '@skald/domain';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MomentEngine } from './moment-engines.ts';
import type { ItemsQuery } from './text-engine.ts';

type MomentLeaf = Extract<QueryNode, { kind: 'moment' }>;

/** A moment leaf's match as a text leaf of no field: what the moment index searches. */
const asText = (leaf: MomentLeaf): QueryNode => ({
  kind: 'text',
  match: leaf.match,
  field: null,
  span: leaf.span,
});

/** `said:budsjett` and the other kind filters: the item has a moment of those kinds that matches. */
export function momentCondition(
  engine: MomentEngine,
  tenantId: string,
  leaf: MomentLeaf,
): Expression<SqlBool> {
  const ids = engine.itemIds(tenantId, MOMENT_FILTER_KINDS[leaf.filter], asText(leaf));
  return ids === null ? sql<SqlBool>`1 = 0` : sql<SqlBool>`items.id in ${ids}`;
}

/**
 * Without text to drive a search, its first top-level kind filter does: the items of its moments
 * read by id (CROSS JOIN keeps them SQLite's outer loop), the other conditions checked on them.
 */
export function momentDriven(
  db: Db,
  engine: MomentEngine,
  tenantId: string,
  conjuncts: readonly QueryNode[],
): ItemsQuery | null {
  const leaf = conjuncts.find((c): c is MomentLeaf => c.kind === 'moment');
  const ids = leaf && engine.itemIds(tenantId, MOMENT_FILTER_KINDS[leaf.filter], asText(leaf));
  if (!ids) return null;
  return db
    .selectFrom(sql`(select distinct item_id from ${ids} as found)`.as('mm'))
    .crossJoin('items')
    .where(sql<SqlBool>`items.id = mm.item_id`);
}

/** True when a text leaf under `node` names a field (`title:`): such a part searches no moment. */
function namesField(node: QueryNode): boolean {
  switch (node.kind) {
    case 'text':
      return node.field !== null;
    case 'and':
    case 'or':
      return node.children.some(namesField);
    case 'not':
      return namesField(node.child);
    default:
      return true;
  }
}

/**
 * The items whose moments match the text the index drove a search by (every driven conjunct in
 * one moment), or null when that text names a field or cannot match one moment: plain words find
 * an item by its title, description, file name or metadata, or by one of its moments
 * (docs/SEARCH.md).
 */
export function momentAlternative(
  engine: MomentEngine,
  tenantId: string,
  driven: readonly QueryNode[],
): { node: QueryNode; ids: Expression<unknown> } | null {
  if (driven.length === 0 || driven.some(namesField)) return null;
  const node: QueryNode =
    driven.length === 1 && driven[0] ? driven[0] : { kind: 'and', children: [...driven] };
  const ids = engine.itemIds(tenantId, null, node);
  return ids === null ? null : { node, ids };
}

/** Newest first, for the items found by their moments alone (the last relevance tier). */
export const newestItemsFirst = (query: ItemsQuery): ItemsQuery =>
  query.orderBy('items.created_at', 'desc').orderBy('items.id', 'desc');

/** A moment of a result, as read for its hit (search.service.ts picks the ones that match). */
export interface HitMomentRow {
  item_id: string;
  kind: string;
  start_ms: number;
  end_ms: number;
  text: string;
}

/** The moments of an item a page reads at most (its earliest): a hit shows a few of them. */
export const MOMENTS_READ_PER_ITEM = 500;

/** The indexed moments of some items (of `kinds`, or all), each item's earliest first. */
export async function readHitMoments(
  db: Db,
  tenantId: string,
  itemIds: readonly string[],
  kinds: ReadonlySet<string> | null,
): Promise<HitMomentRow[]> {
  if (itemIds.length === 0 || kinds?.size === 0) return [];
  const kindFilter =
    kinds === null ? sql`` : sql` and kind in (${sql.join([...kinds].map((k) => sql`${k}`))})`;
  const { rows } = await sql<HitMomentRow>`select item_id, kind, start_ms, end_ms, text from (
      select item_id, kind, start_ms, end_ms, text,
        row_number() over (partition by item_id order by start_ms, doc_id) as n
      from search_moments
      where tenant_id = ${tenantId} and item_id in (${sql.join(itemIds.map((id) => sql`${id}`))})${kindFilter}
    ) as ranked where n <= ${MOMENTS_READ_PER_ITEM} order by item_id, start_ms`.execute(db);
  return rows;
}
