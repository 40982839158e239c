import { MOMENT_FILTER_KINDS, type QueryNode } from '@skald/domain';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Db } from '../db/database.ts';
import { engineOf } from '../db/engine.ts';
import type { MomentEngine } from './moment-engines.ts';
import {
  broadPrefixOf,
  countTermRows,
  heldByDoc,
  holdsTerm,
  inTermOrder,
  itemsInTermOrder,
  kindsHolding,
  phraseInMoment,
  rarestWord,
  termItemIds,
  termOf,
  prefixInCreationOrder,
  prefixItemIds,
  PREFIX_ROWS_SORTED_BELOW,
  type Direction,
  type MomentPrefix,
  type MomentTerm,
} from './moment-terms.ts';
import { holdsPairs, holdsWords } from './moment-words.ts';
import type { Driven, ItemsQuery } from './text-engine.ts';

type MomentLeaf = Extract<QueryNode, { kind: 'moment' }>;

/** Every kind of indexed moment: those a plain word searches. */
const ALL_MOMENT_KINDS = [...new Set(Object.values(MOMENT_FILTER_KINDS).flat())];

/** A moment leaf's match as a text leaf of no field: what the moment index searches. */
const asText = (leaf: MomentLeaf): QueryNode => ({
  kind: 'text',
  match: leaf.match,
  field: null,
  span: leaf.span,
});

/**
 * How a moment match joins a search, from how many moments match (counted up to
 * MOMENTS_LISTED_BELOW, over every tenant, as the index answers it, or listed: `Listing`): `list`
 * makes the list of their items (it drives a search, or walked items are checked against it);
 * `lookup` looks each walked item's moments up (a common word: the newest items soon fill the page
 * and the count, where listing the items of tens of thousands of moments took 200 ms at 100,000
 * items).
 */
export type MomentPlan = 'list' | 'lookup';

/** Under this many matching moments, a match is a list of items. */
export const MOMENTS_LISTED_BELOW = 3_000;

/**
 * How each top-level kind filter joins a search: its plan, and its rows of moment_terms when its
 * match is one word or a prefix of few words (moment-terms.ts), or a common prefix of more
 * (`prefix`: its ranges, without words driving, SQLite).
 */
interface MomentFilterPlan extends Listing {
  term: MomentTerm | null;
  prefix: MomentPrefix | null;
  /**
   * Answered from the items' own indexes (held on the items, PostgreSQL: moment-words.ts): a count
   * stops at its cap in whatever order they give the items, where ordering them by creation sorted
   * every match first (`said:somm*` at 1,000,000 items: 20,600 items sorted, 69 ms for a count).
   */
  indexed: boolean;
  /**
   * A word's rows (`term`), counted up to MOMENTS_LISTED_BELOW without words driving, else up to
   * TERM_DOCS_LISTED_BELOW (SQLite); a broad prefix's (`prefix`), up to PREFIX_ROWS_SORTED_BELOW;
   * null for any other match.
   */
  rows: number | null;
  /**
   * A common phrase without words driving (SQLite): its rarest word (`rarestWord`), whose rows a
   * page walks in creation order, each one's moment checked for the phrase (`momentOrdered`).
   */
  phrase: { term: MomentTerm; words: readonly string[] } | null;
}
export type MomentPlans = ReadonlyMap<QueryNode, MomentFilterPlan>;
type Plans = MomentPlans;

/**
 * A match's plan, and with `list` the ids of the items of its moments when they were listed
 * (`listingOf`, newest first; null: a subquery of the index lists them where the search needs them).
 */
interface Listing {
  plan: MomentPlan;
  ids: readonly string[] | null;
}

/**
 * A match of the index (a phrase, a prefix of many words, several words in one moment) listed
 * once: the items of the tenant's moments of `kinds` that match, when fewer than
 * MOMENTS_LISTED_BELOW do; else `lookup`. The page and the count then read those items by id,
 * where each asked the index again (a phrase of two common words at 1,000,000 items: 3,100 moments
 * held both words, each read to check their places, three times a search: 11 ms each).
 */
async function listingOf(
  db: Db,
  engine: MomentEngine,
  tenantId: string,
  kinds: readonly string[] | null,
  node: QueryNode,
): Promise<Listing> {
  const found = engine.itemIds(tenantId, kinds, node, true);
  if (found === null) return { plan: 'list', ids: null };
  const { rows } = await sql<{ item_id: string; item_created_at: string }>`select item_id, item_created_at
    from ${found} as found limit ${MOMENTS_LISTED_BELOW}`.execute(db);
  if (rows.length >= MOMENTS_LISTED_BELOW) return { plan: 'lookup', ids: null };
  // Newest first, as the search orders them (created_at, then id: ISO-8601 text compares as time).
  const newest = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    a.item_created_at === b.item_created_at
      ? Number(a.item_id < b.item_id) - Number(a.item_id > b.item_id)
      : Number(a.item_created_at < b.item_created_at) - Number(a.item_created_at > b.item_created_at);
  return { plan: 'list', ids: [...new Set(rows.sort(newest).map((r) => r.item_id))] };
}

/** The item is one of `ids`. */
const inList = (ids: readonly string[]): Expression<SqlBool> =>
  ids.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`items.id in (${sql.join(ids)})`;

async function planOf(db: Db, engine: MomentEngine, node: QueryNode): Promise<MomentPlan> {
  const count = engine.count(node, MOMENTS_LISTED_BELOW);
  if (count === null) return 'list';
  const { rows } = await count.execute(db);
  return Number(rows[0]?.n ?? 0) < MOMENTS_LISTED_BELOW ? 'list' : 'lookup';
}

/**
 * The plans of a query's top-level kind filters (those nested under an OR or a NOT list);
 * `undriven`: no text drives the search, so a broad prefix may be counted from its rows.
 */
export async function momentPlans(
  db: Db,
  engine: MomentEngine,
  tenantId: string,
  conjuncts: readonly QueryNode[],
  undriven: boolean,
): Promise<Plans> {
  const plans = new Map<QueryNode, MomentFilterPlan>();
  for (const node of conjuncts) {
    if (node.kind !== 'moment') continue;
    const kinds = MOMENT_FILTER_KINDS[node.filter];
    // Held on the items (PostgreSQL), a filter beside words, and a prefix or a phrase, is answered
    // by their indexes (the words a prefix starts, a phrase's pairs): nothing to plan.
    const { match } = node;
    if (engine.wordsOnItems && (!undriven || match.kind === 'phrase' || match.kind === 'wildcard')) {
      plans.set(node, {
        plan: 'lookup',
        ids: null,
        term: null,
        prefix: null,
        indexed: true,
        rows: null,
        phrase: null,
      });
      continue;
    }
    const term = await termOf(db, tenantId, kinds, node);
    // Beside words, counted further: the index's matches may be checked by their doc ids.
    const rows = term
      ? await countTermRows(db, term, undriven ? MOMENTS_LISTED_BELOW : TERM_DOCS_LISTED_BELOW)
      : null;
    // A prefix of many words, no words driving: its ranges' rows are counted first. At least as
    // many as the moments it matches, so with MOMENTS_LISTED_BELOW of them it is looked up without
    // asking the full-text index to list its moments (the lists of 200-odd words merged: 7–10 ms
    // at 1,000,000 items, for nothing).
    const broad = undriven && term === null ? await broadPrefixOf(db, tenantId, kinds, node) : null;
    const listing: Listing =
      rows !== null
        ? { plan: rows < MOMENTS_LISTED_BELOW ? 'list' : 'lookup', ids: null }
        : broad && broad.rows >= MOMENTS_LISTED_BELOW
          ? { plan: 'lookup', ids: null }
          : await listingOf(db, engine, tenantId, kinds, asText(node));
    // A common prefix of many words: its items are read from its ranges (`prefixCounted`,
    // `momentOrdered`) and checked in its moments' words (`prefixInWords`).
    const prefix = broad && listing.plan === 'lookup' ? broad.prefix : null;
    // A common phrase: a page walks its rarest word's rows (its count stays the index's). The
    // index's list of the phrase's moments merged the lists of its words, all of their places
    // read (`said:"dîner sending"` at 1,000,000 items: 749,000 and 283,000 rows, 47 ms a page).
    const phrase =
      undriven && match.kind === 'phrase' && listing.plan === 'lookup' && match.words.length > 1
        ? {
            term: { tenantId, kinds, terms: [await rarestWord(db, tenantId, kinds, match.words)] },
            words: match.words,
          }
        : null;
    plans.set(node, {
      ...listing,
      term,
      prefix,
      indexed: false,
      rows: prefix ? (broad?.rows ?? null) : rows,
      phrase,
    });
  }
  return plans;
}

/**
 * Beside words (SQLite), a kind filter of a word with fewer rows than this is checked on each
 * match of the index by its doc id, against the list of its rows' item doc ids: listed at about
 * 0.25 µs a row, where the match's item was read and the word sought for it (about 20 µs), for
 * the few in tens that hold both (`hytte said:impôt` at 1,000,000 items, 24,000 rows: 50 → 17 ms
 * for the page). A more common word fills the page from fewer matches.
 */
export const TERM_DOCS_LISTED_BELOW = 40_000;

/**
 * A top-level kind filter of a word, tested on the index's match by its doc id (`heldByDoc`) when
 * its rows are few enough (TERM_DOCS_LISTED_BELOW); null for any other.
 */
export function momentOnDoc(
  leaf: QueryNode,
  plans: Plans,
  docId: Expression<number>,
): Expression<SqlBool> | null {
  const plan = plans.get(leaf);
  return plan?.term && plan.rows !== null && plan.rows < TERM_DOCS_LISTED_BELOW
    ? heldByDoc(plan.term, docId)
    : null;
}

/** The condition on `items` that the item has a moment of `kinds` matching `node`, by its plan. */
function hasMoment(
  engine: MomentEngine,
  tenantId: string,
  kinds: readonly string[] | null,
  node: QueryNode,
  { plan, ids: listed }: Listing,
): Expression<SqlBool> | null {
  if (plan === 'lookup') return engine.holds(tenantId, kinds, node);
  if (listed) return inList(listed);
  const ids = engine.itemIds(tenantId, kinds, node);
  return ids === null ? null : sql<SqlBool>`items.id in ${ids}`;
}

/**
 * `said:budsjett` and the other kind filters: the item has a moment of those kinds that matches.
 * `driven`: words drive the search, so a filter of words held on the item (PostgreSQL) is looked
 * up through their index, else checked on the row.
 */
export function momentCondition(
  engine: MomentEngine,
  tenantId: string,
  leaf: MomentLeaf,
  plans: Plans,
  driven: boolean,
): Expression<SqlBool> {
  const { plan, ids, term, prefix } = plans.get(leaf) ?? {
    plan: 'list',
    ids: null,
    term: null,
    prefix: null,
  };
  const kinds = MOMENT_FILTER_KINDS[leaf.filter];
  const exact = () => hasMoment(engine, tenantId, kinds, asText(leaf), { plan, ids }) ?? sql<SqlBool>`1 = 0`;
  if (engine.wordsOnItems) {
    const { match } = leaf;
    // Checked on the item's moments when its words do not fit on it (`#overflow`).
    const looked = () => engine.holds(tenantId, kinds, asText(leaf)) ?? sql<SqlBool>`1 = 0`;
    if (match.kind === 'word') return holdsWords(kinds, [match.word], driven ? 'indexed' : 'row', looked());
    // A prefix or a phrase through the indexes (the words a prefix starts, a phrase's pairs)
    // whether words drive or not: walking the items for a rare one read the whole library.
    if (match.kind === 'wildcard' && match.prefix !== null) {
      return holdsWords(kinds, [{ prefix: match.prefix }], 'indexed', looked());
    }
    if (match.kind === 'phrase') return holdsPairs(kinds, match.words, looked());
  }
  if (term) return holdsTerm(term, plan);
  return prefix ? prefixInWords(prefix) : exact();
}

/**
 * The item has a moment of a broad prefix's kinds holding a word it starts, found in the moment's
 * folded words (`search_moments.words`, as FTS5 indexes them): for items walked newest first, where
 * the full-text index merged the lists of every word the prefix starts (200-odd, 7–15 ms at
 * 1,000,000 items) before the first one was checked, and a common prefix fills a page soon
 * (`said:fors*`, 247,000 rows: 106 → 1 ms).
 */
const prefixInWords = ({ tenantId, kinds, prefix }: MomentPrefix): Expression<SqlBool> =>
  sql<SqlBool>`exists (select 1 from search_moments m where m.item_id = items.id
    and m.tenant_id = ${tenantId} and m.kind in (${sql.join(kinds.map((kind) => sql`${kind}`))})
    and instr(' ' || m.words, ${` ${prefix}`}) > 0)`;

/**
 * The items of some moments, each once, read by id: CROSS JOIN keeps the moments SQLite's outer
 * loop (rather than walking every item in the order asked and looking each up among them).
 */
export function itemsOf(db: Db, ids: Expression<unknown>): ItemsQuery {
  return db
    .selectFrom(sql`(select distinct item_id from ${ids} as found)`.as('mm'))
    .crossJoin('items')
    .where(sql<SqlBool>`items.id = mm.item_id`);
}

/** Some items by id, read first (the list outside, as `itemsOf`). */
const itemsListed = (db: Db, ids: readonly string[]): ItemsQuery =>
  itemsOf(db, sql`(select items.id as item_id from items where ${inList(ids)})`);

/**
 * Listed items (`ids` newest first, as `listingOf` orders them) in creation order (SQLite): walked
 * in the list's order (json_each's keys, the order kept by a LIMIT; `mm.n`), so a page stops after
 * its rows and a count at its cap, where every listed item was read and sorted first (a phrase of
 * two common words at 1,000,000 items, 2,300 items: 38 ms for a page, now 2.5).
 */
function listedInOrder(db: Db, ids: readonly string[], direction: Direction) {
  const keys = sql.raw(direction === 'desc' ? 'asc' : 'desc');
  const query = db
    .selectFrom(
      sql`(select value as item_id, key as n from json_each(${JSON.stringify(ids)})
        order by key ${keys} limit -1)`.as('mm'),
    )
    .crossJoin('items')
    .where(sql<SqlBool>`items.id = mm.item_id`);
  return { query, order: (q: ItemsQuery) => q.orderBy(sql`mm.n`, direction === 'desc' ? 'asc' : 'desc') };
}

/**
 * Without text to drive a search, its first top-level kind filter of the plan asked for does: the
 * items of its moments, the other conditions checked on them. Answers the leaf it took, which needs
 * no condition of its own. A filter with few matches drives the page (`list`); on SQLite one with
 * many (`lookup`) drives the count, which stops at EXACT_TOTAL_LIMIT items: read from the index,
 * that costs about as many moments as it counts whatever the library's size, where walking the
 * items and looking each one's moments up listed every match first (MomentEngine.countsFromIndex).
 */
export function momentDriven(
  db: Db,
  engine: MomentEngine,
  tenantId: string,
  plans: Plans,
  wanted: MomentPlan = 'list',
): { query: ItemsQuery; leaf: QueryNode } | null {
  for (const [leaf, { plan, term, ids: listed }] of plans) {
    if (plan !== wanted || leaf.kind !== 'moment') continue;
    if (listed) return { query: itemsListed(db, listed), leaf };
    const ids = term
      ? termItemIds(term)
      : engine.itemIds(tenantId, MOMENT_FILTER_KINDS[leaf.filter], asText(leaf));
    if (ids) return { query: itemsOf(db, ids), leaf };
  }
  return null;
}

/**
 * Without text to drive a search, the count of a top-level kind filter of a common prefix of many
 * words: its items from its ranges of moment_terms (index-only, each item once, the other
 * conditions checked on it), so the count stops at its cap, where the full-text index merged the
 * lists of every word the prefix starts first (SQLite).
 */
export function prefixCounted(db: Db, plans: Plans): { query: ItemsQuery; leaf: QueryNode } | null {
  for (const [leaf, { prefix }] of plans) {
    if (prefix) return { query: itemsOf(db, prefixItemIds(prefix)), leaf };
  }
  return null;
}

/**
 * Without text to drive a search sorted by creation (newest first by default), its first
 * top-level kind filter of one word drives both the page and the count, however common: its
 * items come in that order from moment_terms, so either stops as soon as it has its rows. So does a
 * broad prefix with fewer than PREFIX_ROWS_SORTED_BELOW rows, sorted in that order, and with
 * `listed` (SQLite) a match whose items were listed (`listedInOrder`). The query answers the leaf it
 * took, and `order` sorts it (in place of `items.created_at`, `items.id`). Its rows (`mm`) are
 * those of moment_terms (`mm.item_created_at`, `mm.item_id`; SQLite `mm.item_doc_id`), but for a
 * listed match: its `mm.item_id` and place in the list, `mm.n`.
 */
export function momentOrdered(
  db: Db,
  plans: Plans,
  direction: Direction,
  listed = false,
): {
  query: ItemsQuery;
  leaf: QueryNode;
  order: (query: ItemsQuery) => ItemsQuery;
  /** It drives the page only: the count is the index's (`momentDriven`). */
  pageOnly?: boolean;
} | null {
  const sqlite = engineOf(db as unknown as Kysely<unknown>) === 'sqlite';
  for (const [leaf, { term, prefix, rows, plan, ids, phrase }] of plans) {
    if (listed && sqlite && plan === 'list' && ids) return { ...listedInOrder(db, ids, direction), leaf };
    if (phrase) {
      // Its word's rows hold the phrase a few in tens (a page soon full), in hundreds at worst
      // (a count walking them would be too long).
      const query = itemsInTermOrder(db, phrase.term, direction, phraseInMoment(phrase.words));
      return { query, leaf, order: (q) => inTermOrder(q, direction), pageOnly: true };
    }
    const sorted = prefix && rows !== null && rows < PREFIX_ROWS_SORTED_BELOW;
    const query = term
      ? itemsInTermOrder(db, term, direction)
      : sorted
        ? prefixInCreationOrder(db, prefix, direction)
        : null;
    if (query) return { query, leaf, order: (q) => inTermOrder(q, direction) };
  }
  return null;
}

/** A kind filter's items may drive the text's tiers when it has fewer rows than this. */
export const FILTER_WALKED_BELOW = 10_000;

/**
 * …and when the text matches more than this many times as many items: an item of the filter's
 * costs SQLite about 9 µs (read at random, its text checked), a match of the index's walk about 1.5
 * (read in order) plus its lookup of the filter (bench/search.ts, 200,000 items).
 */
const TEXT_MATCHES_TIMES = 8;

/**
 * …or, either way, when the text matches fewer than this many times as many items as it has rows
 * (and fewer than TEXT_IDS_LISTED_BELOW): its walked rows are then checked against the lists of the
 * text's matches (Driven.onIds) before any item is read. Such a row costs SQLite a seek of its doc
 * id (about 4 µs) and a match about 0.35 µs (listed once, into a lookup table), where reading and
 * checking the item cost 9 µs at 200,000 items and 15 µs at 1,000,000 (bench/search-statements.ts).
 */
const IDS_TEXT_TIMES = 16;

/** Above this many matches, the text is not listed for a walk's rows (Driven.onIds). */
export const TEXT_IDS_LISTED_BELOW = 100_000;

/** The walk of a kind filter's items that gives the text's tiers and the count (`rarerFilter`). */
export interface RarerFilter {
  /** The filter's items, each once, read by id. */
  query: ItemsQuery;
  /**
   * The same items with their rows' keys (`mm.item_created_at`, `mm.item_id`; SQLite also
   * `mm.item_doc_id`), newest first.
   */
  walk: ItemsQuery;
  leaf: QueryNode;
  /**
   * The text tested on `walk`'s rows by the ids of its matches, and its tiers' order of them
   * (Driven.onIds), when it has such lists and they are short enough; else it is tested on each
   * item's row (Driven.onRows).
   */
  onIds: Awaited<ReturnType<Driven['onIds']>>;
}

/**
 * With text the index drives a search by, its first top-level kind filter of one word (or a
 * prefix's few words) whose rows are few: its items, each once, for the text to be checked on,
 * when that is cheaper than walking the text's matches. By the ids of the text's matches
 * (Driven.onIds: no item read but those holding both sides) when the matches are fewer than
 * IDS_TEXT_TIMES times the rows; else on each item's row (Driven.onRows) when they are more than
 * TEXT_MATCHES_TIMES times. Walking the text's matches instead looks every one up until the page
 * is full, most of them for nothing (`time said:dag` at 1,000,000 items: 104,000 matches, 3,755
 * items said "dag"), and the count then read every one of the filter's items (`hytte said:kamp`:
 * 6,619 items said "kamp", 675 hold both, 96–122 ms). Null when there is none.
 */
export async function rarerFilter(db: Db, plans: Plans, driven: Driven): Promise<RarerFilter | null> {
  for (const [leaf, { term, rows }] of plans) {
    // Counted beside words up to TERM_DOCS_LISTED_BELOW (momentPlans).
    if (!term || rows === null || rows >= FILTER_WALKED_BELOW) continue;
    const onIds = await driven.onIds(Math.min(rows * IDS_TEXT_TIMES, TEXT_IDS_LISTED_BELOW));
    if (onIds || (await driven.exceeds(rows * TEXT_MATCHES_TIMES))) {
      const query = itemsOf(db, termItemIds(term));
      return { query, walk: itemsInTermOrder(db, term, 'desc'), leaf, onIds };
    }
  }
  return null;
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
 * The moments that match the text the index drove a search by (every driven conjunct in one
 * moment): `has`, the condition on `items`, and `items`, the items they find (read by id when
 * few, else walked: `plan`); null when that text names a field or cannot match one moment. Plain words
 * find an item by its title, description, file name or metadata, or by one of its moments
 * (docs/SEARCH.md). `walked`: a kind filter's rows may be walked and checked for the text
 * (`hasOnWalk`), so a plain word's rows are counted to choose how.
 */
export async function momentAlternative(
  db: Db,
  engine: MomentEngine,
  tenantId: string,
  driven: readonly QueryNode[],
  walked: boolean,
): Promise<{
  node: QueryNode;
  has: Expression<SqlBool>;
  items: ItemsQuery;
  plan: MomentPlan;
  /** `has` for the rows of a kind filter's walk (itemsInTermOrder), when one word's rows answer it. */
  hasOnWalk: Expression<SqlBool> | null;
} | null> {
  if (driven.length === 0 || driven.some(namesField)) return null;
  const node: QueryNode =
    driven.length === 1 && driven[0] ? driven[0] : { kind: 'and', children: [...driven] };
  const word = node.kind === 'text' && node.match.kind === 'word' ? node.match.word : null;
  // Held on the item (PostgreSQL): its items through the text indexes, as the words' own are.
  if (word !== null && engine.wordsOnItems) {
    const looked = engine.holds(tenantId, null, node) ?? sql<SqlBool>`1 = 0`;
    const has = holdsWords(ALL_MOMENT_KINDS, [word], 'indexed', looked);
    return { node, has, plan: 'lookup', items: db.selectFrom('items').where(has), hasOnWalk: null };
  }
  if (word === null) {
    // Several words (in one moment), or a prefix: their moments' items listed once when few.
    const listing = await listingOf(db, engine, tenantId, null, node);
    const has = hasMoment(engine, tenantId, null, node, listing);
    if (has === null) return null;
    const items = listing.ids ? itemsListed(db, listing.ids) : db.selectFrom('items').where(has);
    return { node, has, plan: listing.plan, items, hasOnWalk: null };
  }
  // One word is its rows of moment_terms, of every kind: a seek of the key for each walked item,
  // where the full-text index listed every moment holding it first.
  const [plan, kinds] = await Promise.all([
    planOf(db, engine, node),
    kindsHolding(db, tenantId, ALL_MOMENT_KINDS, word),
  ]);
  const term = { tenantId, kinds, terms: [word] };
  // A kind filter's walk checks each of its rows against the list of the word's items when the
  // word has few enough rows to list, else by a seek a row.
  const onWalk =
    walked &&
    plan === 'lookup' &&
    (await countTermRows(db, term, WORD_LISTED_ON_WALK_BELOW)) < WORD_LISTED_ON_WALK_BELOW
      ? 'list'
      : plan;
  return {
    node,
    has: holdsTerm(term, plan),
    plan,
    items:
      plan === 'list' ? itemsOf(db, termItemIds(term)) : db.selectFrom('items').where(holdsTerm(term, plan)),
    hasOnWalk: holdsTerm(term, onWalk, 'mm'),
  };
}

/**
 * Under this many rows, a plain word's moments are checked on a kind filter's walk by the list of
 * its items: listed once at about 0.4 µs a row, where a seek of the key costs about 4 µs a walked
 * row (SQLite, 1,000,000 items: the filter's walk is often thousands of rows).
 */
export const WORD_LISTED_ON_WALK_BELOW = 20_000;

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
  /** Its folded words, one space apart (what the index holds). */
  words: string;
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
  const { rows } = await sql<HitMomentRow>`select item_id, kind, start_ms, end_ms, text, words from (
      select item_id, kind, start_ms, end_ms, text, words,
        row_number() over (partition by item_id order by start_ms, doc_id) as n
      from search_moments
      where tenant_id = ${tenantId} and item_id in (${sql.join(itemIds.map((id) => sql`${id}`))})${kindFilter}
    ) as ranked where n <= ${MOMENTS_READ_PER_ITEM} order by item_id, start_ms`.execute(db);
  return rows;
}
