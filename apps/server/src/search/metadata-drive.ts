import type { QueryNode } from '@skald/domain';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { engineOf } from '../db/engine.ts';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database.ts';
import {
  DRIVE_BELOW,
  WALK_FROM,
  driveBelow,
  firstOfItemInRange,
  heldInElements,
  itemsWith,
  oneTermSet,
  termCount,
  type MetadataPlan,
} from './metadata-condition.ts';
import type { ItemsQuery } from './text-engine.ts';

/**
 * Each top-level filter's plan and its index rows counted up to WALK_FROM; `share`, for a filter
 * with WALK_FROM rows or more on PostgreSQL, the part of a sample of the tenant's items that it
 * matches (itemsSample), so that the rarer of two broad filters can drive a count.
 */
export type MetadataPlans = ReadonlyMap<QueryNode, { plan: MetadataPlan; rows: number; share?: number }>;
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
  /**
   * PostgreSQL: a sample of a tenant's items' short values (about 2,000 items, 2–3 MB), a while
   * (it only decides speed), for the few tenants large enough to ask (two filters of WALK_FROM rows).
   */
  readonly #samples = new LRUCache<string, (readonly string[])[], unknown>({
    max: 20,
    ttl: 10 * 60_000,
    allowStale: true,
    fetchMethod: (tenantId) => itemsSample(this.#db, tenantId),
  });
  /** SQLite only (`driveBelow`, measured there). */
  readonly #scalesDriving: boolean;
  constructor(db: Db) {
    this.#db = db;
    this.#scalesDriving = engineOf(db as unknown as Kysely<unknown>) === 'sqlite';
  }

  async plans(tenantId: string, conjuncts: readonly QueryNode[]): Promise<MetadataPlans> {
    const plans = new Map<QueryNode, { plan: MetadataPlan; rows: number; share?: number }>();
    const lone = conjuncts.filter((node) => node.kind === 'metadata').length === 1;
    for (const node of conjuncts) {
      if (node.kind !== 'metadata') continue;
      const n = await this.#rows(tenantId, node, lone && !this.#scalesDriving && streamsAtAnySize(node));
      if (n === null) continue;
      // The library's size matters only between the fixed bounds (and is then asked once a while).
      const drives =
        n < DRIVE_BELOW ||
        (this.#scalesDriving && n < WALK_FROM && n < driveBelow(await this.#liveItems(tenantId)));
      plans.set(node, { plan: drives ? 'drive' : n < WALK_FROM ? 'in' : 'exists', rows: n });
    }
    const broad = [...plans].filter(([, p]) => p.rows >= WALK_FROM);
    if (broad.length > 1 && !this.#scalesDriving) {
      const sample = await this.#samples.fetch(tenantId);
      for (const [node, p] of broad) {
        if (node.kind === 'metadata' && sample && sample.length > 0) p.share = shareOf(sample, node);
      }
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

  /**
   * The filter's index rows up to WALK_FROM; with `driveBoundOnly`, up to DRIVE_BELOW, and
   * WALK_FROM when there are as many: PostgreSQL needs no more of a lone date range, which drives
   * the count whatever its size and the page below DRIVE_BELOW (its other plans are all checks on
   * the item's row), and a month of a date field at 1,000,000 items counted 27,000 rows (5–16 ms)
   * in every search (a range is seldom asked twice).
   */
  async #rows(tenantId: string, node: MetadataNode, driveBoundOnly = false): Promise<number | null> {
    const limit = driveBoundOnly ? DRIVE_BELOW : WALK_FROM;
    const key = JSON.stringify([tenantId, node.fieldId, node.match, limit]);
    const known = this.#counts.get(key);
    if (known !== undefined) return known;
    const count = termCount(tenantId, node.fieldId, node.match, limit);
    if (count === null) return null;
    const { rows } = await count.execute(this.#db);
    const counted = Number(rows[0]?.n ?? 0);
    const n = counted < limit ? counted : WALK_FROM;
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
  fewItemsBelow = WALK_FROM,
): MetadataNode | null {
  let rarest: { node: MetadataNode; rows: number; share?: number } | null = null;
  for (const [node, { plan, rows, share }] of plans) {
    if (node.kind !== 'metadata') continue;
    const drives =
      purpose === 'page'
        ? plan === 'drive'
        : fewItemsPass
          ? rows < fewItemsBelow
          : streamsFewAnItem(node) || rows < WALK_FROM;
    if (drives && (rarest === null || rarer({ rows, share }, rarest))) rarest = { node, rows, share };
  }
  return rarest?.node ?? null;
}

/**
 * True when `a` has fewer rows than `b`, or, both counted only up to WALK_FROM, a smaller share of
 * the sample: `rights:x shot:<day`, the choice on a fifth of 1,000,000 items and the range on 5 %,
 * counted from the choice's rows checked 25,700 items for 1,001 matches (175 ms); from the range's,
 * about 7,000.
 */
function rarer(a: { rows: number; share?: number }, b: { rows: number; share?: number }): boolean {
  if (a.rows !== b.rows || a.share === undefined || b.share === undefined) return a.rows < b.rows;
  return a.share < b.share;
}

/**
 * True when the filter's rows name each item once or a few times, so that counting from them stops
 * after about the cap's worth of rows however many there are: a word, a phrase, or a date range (an
 * item holds one day a field, one a form holding it; made distinct as the rows stream: SQLite's
 * DISTINCT, PostgreSQL's check that a row is its item's first in the range, `itemsOfFilter`).
 * `expires:<date` matching 5 % of 1,000,000 items counted 1,001 of them in 130 ms walking the
 * items, each looked up; from its own rows, 1,400 rows. A prefix may name an item many times, and
 * drives under WALK_FROM rows only.
 */
function streamsFewAnItem(node: MetadataNode): boolean {
  return oneRowAnItem(node) || streamsAtAnySize(node);
}

/** A date comparison or range: its rows drive a count whatever their number (streamsFewAnItem). */
const streamsAtAnySize = (node: MetadataNode): boolean =>
  node.match.kind === 'date' || node.match.kind === 'dates';

/** True when the filter's index rows name each item once (no range of terms), so need no DISTINCT. */
function oneRowAnItem(node: MetadataNode): boolean {
  const { match } = node;
  return match.kind === 'word' || match.kind === 'phrase' || (match.kind === 'date' && match.op === '=');
}

/**
 * The items a filter's index rows name, joined to `items` (CROSS JOIN keeps the rows SQLite's outer
 * loop: the items are read by id), each once: a range's rows made distinct (SQLite), or each row
 * kept only when it is its item's first in the range (PostgreSQL, firstOfItemInRange), so that they
 * stream in both. `mergedWith` (a driver of one run, PostgreSQL): other such filters, whose rows
 * its rows merge with before any item is read (a plain IN, planned as a merge join of the runs;
 * `offset 0` keeps the planner from reading the items between). `order`: the rows streamed in
 * item id order that way (within each term of a range), which is creation order (UUID v7): a count
 * that reads the newest items first finds valid ones first, where the oldest are the ones a usage
 * rule has expired (`category:x&usage=valid` at 1,000,000 items read 35,000 of the choice's rows,
 * oldest first, for 1,001 matches: 360 ms). SQLite orders a value of one term the same way, fenced
 * by `limit -1` (no limit; it takes no OFFSET without one, and drops the ORDER BY of a subquery it
 * flattens): `category:x&usage=valid` at 1,000,000 items counted 70 ms in the index's order, the
 * oldest first. Not its ranges, which it makes distinct (ordered, their rows would be sorted first).
 */
export function itemsOfFilter(
  db: Db,
  tenantId: string,
  node: MetadataNode,
  mergedWith: readonly MetadataNode[] = [],
  order?: 'asc' | 'desc',
): ItemsQuery {
  const { fieldId, match } = node;
  const postgres = engineOf(db as unknown as Kysely<unknown>) === 'postgres';
  const first =
    postgres && !oneRowAnItem(node) ? firstOfItemInRange(tenantId, fieldId, match, sql.ref('m.term')) : null;
  const rows = first ? 'each with its term' : oneRowAnItem(node) ? 'each' : 'distinct';
  const own = itemsWith(tenantId, fieldId, match, rows);
  const direction = sql.raw(order ?? 'asc');
  const orderBy =
    order === undefined || (!postgres && rows !== 'each')
      ? null
      : rows === 'each'
        ? sql`order by d.item_id ${direction}`
        : sql`order by d.term ${direction}, d.item_id ${direction}`;
  const merged = mergedWith.map((n) => sql`d.item_id in ${itemsWith(tenantId, n.fieldId, n.match, 'each')}`);
  const source =
    merged.length === 0 && orderBy === null
      ? own
      : sql`(select d.* from ${own} as d
          ${merged.length === 0 ? sql`` : sql`where ${sql.join(merged, sql` and `)}`} ${orderBy ?? sql``}
          ${postgres ? sql`offset 0` : sql`limit -1`})`;
  const items = db
    .selectFrom(sql`${source}`.as('m'))
    .crossJoin('items')
    .where(sql<SqlBool>`items.id = m.item_id`);
  return first ? items.where(first) : items;
}

/** How many items of a sample match the filter (heldInElements); undefined for a pattern. */
function shareOf(sample: readonly (readonly string[])[], node: MetadataNode): number | undefined {
  let held = 0;
  for (const elements of sample) {
    const is = heldInElements(node.fieldId, node.match, elements);
    if (is === undefined) return undefined;
    if (is) held++;
  }
  return held / sample.length;
}

/** About this many pages of `items` are sampled (each a few items; rows of every tenant). */
const SAMPLE_PAGES = 500;
/** A sample of fewer of the tenant's items than this decides nothing. */
const SAMPLE_AT_LEAST = 200;

/**
 * PostgreSQL: the short values (`short_field_terms`) of the tenant's live items on about
 * SAMPLE_PAGES random pages of `items` (TABLESAMPLE SYSTEM reads those pages only, whatever the
 * table's size); none when too few of them are the tenant's (remembered so, as a sample is).
 */
export async function itemsSample(
  db: Db,
  tenantId: string,
  atLeast = SAMPLE_AT_LEAST,
): Promise<(readonly string[])[]> {
  const { rows: sized } = await sql<{ pages: string | number }>`select
    pg_relation_size('items') / current_setting('block_size')::int as pages`.execute(db);
  const percent = Math.min(100, (100 * SAMPLE_PAGES) / Math.max(1, Number(sized[0]?.pages ?? 0)));
  const { rows } = await sql<{ elements: string[] | null }>`select short_field_terms as elements
    from items tablesample system (${sql.lit(percent)})
    where tenant_id = ${tenantId} and deleted_at is null`.execute(db);
  return rows.length < atLeast ? [] : rows.map((r) => r.elements ?? []);
}

/** True when a driving filter's rows alone decide it (a phrase of three or more words checks its other pairs). */
export const decidedByItsRows = (node: MetadataNode): boolean => oneTermSet(node.match);
