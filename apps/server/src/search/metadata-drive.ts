import type { QueryNode } from '@skald/domain';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { engineOf } from '../db/engine.ts';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database.ts';
import {
  DRIVE_BELOW,
  WALK_FROM,
  driveBelow,
  itemsWith,
  oneTermSet,
  termCount,
  type MetadataPlan,
} from './metadata-condition.ts';
import type { ItemsQuery } from './text-engine.ts';

export type MetadataPlans = ReadonlyMap<QueryNode, { plan: MetadataPlan; rows: number }>;
export type MetadataNode = Extract<QueryNode, { kind: 'metadata' }>;

/**
 * How each top-level metadata filter joins the search (metadata-condition.ts), from its count of
 * index rows (and, for a mid-sized one, the library's size: `driveBelow`); the filters under an OR or a NOT make their list of items. A count reads up to
 * WALK_FROM rows of the index, as much as a search's page, so each is remembered for a while (it
 * changes with the library, slowly; a stale one only costs speed, never a result): a search screen
 * asks the same again every 30 seconds.
 */
export class MetadataPlanner {
  readonly #db: Db;
  readonly #counts = new LRUCache<string, number>({ max: 10_000, ttl: 10 * 60_000 });
  /** SQLite only (`driveBelow`, measured there). */
  readonly #scalesDriving: boolean;
  constructor(db: Db) {
    this.#db = db;
    this.#scalesDriving = engineOf(db as unknown as Kysely<unknown>) === 'sqlite';
  }

  async plans(tenantId: string, conjuncts: readonly QueryNode[]): Promise<MetadataPlans> {
    const plans = new Map<QueryNode, { plan: MetadataPlan; rows: number }>();
    for (const node of conjuncts) {
      if (node.kind !== 'metadata') continue;
      const n = await this.#rows(tenantId, node);
      if (n === null) continue;
      // The library's size matters only between the fixed bounds (and is then asked once a while).
      const drives =
        n < DRIVE_BELOW ||
        (this.#scalesDriving && n < WALK_FROM && n < driveBelow(await this.#liveItems(tenantId)));
      plans.set(node, { plan: drives ? 'drive' : n < WALK_FROM ? 'in' : 'exists', rows: n });
    }
    return plans;
  }

  /** The tenant's live items, remembered as the counts are (it only decides speed). */
  async #liveItems(tenantId: string): Promise<number> {
    const key = JSON.stringify(['live items', tenantId]);
    const known = this.#counts.get(key);
    if (known !== undefined) return known;
    const { n } = await this.#db
      .selectFrom('items')
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    this.#counts.set(key, Number(n));
    return Number(n);
  }

  async #rows(tenantId: string, node: MetadataNode): Promise<number | null> {
    const key = JSON.stringify([tenantId, node.fieldId, node.match]);
    const known = this.#counts.get(key);
    if (known !== undefined) return known;
    const count = termCount(tenantId, node.fieldId, node.match, WALK_FROM);
    if (count === null) return null;
    const { rows } = await count.execute(this.#db);
    const n = Number(rows[0]?.n ?? 0);
    this.#counts.set(key, n);
    return n;
  }
}

/**
 * The filter whose index rows a search without text starts from, or null to walk the items:
 * - for the page (newest first), the rarest filter when it is rare enough that reading and sorting
 *   all its items costs less than walking the newest items until the page is full;
 * - for the count (which stops at the cap and needs no order), the rarest filter whenever its rows
 *   come one an item, in any number (a word, a phrase, a day: each read row is an item, so the
 *   count stops after about the cap's worth of rows) or a few an item (a date range, made
 *   distinct: `streamsFewAnItem`), and a prefix (maybe many terms an item, made distinct) under
 *   WALK_FROM rows. Walking the newest items instead reads cap ÷ selectivity items,
 *   each checked: 37,000 for a filter matching 1 in 37, where the filter's own rows give the cap's
 *   worth in about 1,400. When `fewItemsPass` (the request's other conditions on the items let few
 *   through, as a usage window does), only a filter under `fewItemsBelow` rows drives the count: a
 *   broad one's rows would mostly name items that fail them.
 */
export function drivingFilter(
  plans: MetadataPlans,
  purpose: 'page' | 'count',
  fewItemsPass = false,
  distinctStreams = false,
  fewItemsBelow = WALK_FROM,
): MetadataNode | null {
  let rarest: { node: MetadataNode; rows: number } | null = null;
  for (const [node, { plan, rows }] of plans) {
    if (node.kind !== 'metadata') continue;
    const drives =
      purpose === 'page'
        ? plan === 'drive'
        : fewItemsPass
          ? rows < fewItemsBelow
          : streamsFewAnItem(node, distinctStreams) || rows < WALK_FROM;
    if (drives && (rarest === null || rows < rarest.rows)) rarest = { node, rows };
  }
  return rarest?.node ?? null;
}

/**
 * True when the filter's rows name each item once or a few times, so that counting from them stops
 * after about the cap's worth of rows however many there are: a word, a phrase, or a date range (an
 * item holds one day a field, one a form holding it). `expires:<date` matching 5 % of 1,000,000
 * items counted 1,001 of them in 130 ms walking the items, each looked up; from its own rows, 1,400
 * rows. A prefix may name an item many times, and drives under WALK_FROM rows only. The range only
 * where DISTINCT streams (`distinctStreams`: SQLite); PostgreSQL sorts all the range's rows first
 * (a date matching half of 1,000,000 items: 165 ms a search).
 */
function streamsFewAnItem(node: MetadataNode, distinctStreams: boolean): boolean {
  const dates = node.match.kind === 'date' || node.match.kind === 'dates';
  return oneRowAnItem(node) || (distinctStreams && dates);
}

/** True when the filter's index rows name each item once (no range of terms), so need no DISTINCT. */
function oneRowAnItem(node: MetadataNode): boolean {
  const { match } = node;
  return match.kind === 'word' || match.kind === 'phrase' || (match.kind === 'date' && match.op === '=');
}

/**
 * The items a filter's index rows name, joined to `items` (CROSS JOIN keeps the rows SQLite's outer
 * loop: the items are read by id).
 */
export function itemsOfFilter(db: Db, tenantId: string, node: MetadataNode): ItemsQuery {
  return db
    .selectFrom(sql`${itemsWith(tenantId, node.fieldId, node.match, !oneRowAnItem(node))}`.as('m'))
    .crossJoin('items')
    .where(sql<SqlBool>`items.id = m.item_id`);
}

/** True when a driving filter's rows alone decide it (a phrase of three or more words checks its other pairs). */
export const decidedByItsRows = (node: MetadataNode): boolean => oneTermSet(node.match);
