import type { QueryNode } from '@skald/domain';
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.ts';
import { engineOf } from '../db/engine.ts';
import type { ItemsQuery } from './text-engine.ts';
import { afterPrefix } from './wildcards.ts';

// A kind filter of one word (`said:budsjett`) read from `moment_terms` (0060-moment-terms.ts): one
// row per word of each indexed moment, keyed (tenant, kind, word, item's created_at, item id,
// moment). The same rows on both engines, found by the same word the full-text indexes would match
// (a word of the query is one token, folded as the indexed words are).

/** Which rows: some words (one, or a prefix's) of moments of some kinds. */
export interface MomentTerm {
  tenantId: string;
  kinds: readonly string[];
  terms: readonly string[];
}

/**
 * A prefix (`said:budsj*`) is looked up as the words it starts in moment_terms when they are at
 * most this many: each is one range of the key, walked together in the key's order.
 */
export const PREFIX_TERMS_UP_TO = 50;

/**
 * The distinct words of a tenant's moments of some kinds that start with `prefix`, in order, up to
 * `limit`: one seek of the key a word (a recursive skip over the rows of each word), however many
 * rows each word has.
 */
async function prefixTerms(
  db: Db,
  tenantId: string,
  kinds: readonly string[],
  prefix: string,
  limit: number,
): Promise<string[]> {
  const after = afterPrefix(prefix);
  const next = (kind: string, above: RawBuilder<SqlBool>) =>
    sql`(select min(t.term) from moment_terms t
      where t.tenant_id = ${tenantId} and t.kind = ${kind} and ${above} and t.term < ${after})`;
  const found = new Set<string>();
  for (const kind of kinds) {
    const { rows: words } = await sql<{ term: string }>`with recursive w (term, n) as (
        select ${next(kind, sql<SqlBool>`t.term >= ${prefix}`)}, 1
        union all
        select ${next(kind, sql<SqlBool>`t.term > w.term`)}, w.n + 1 from w
        where w.term is not null and w.n < ${limit})
      select term from w where term is not null`.execute(db);
    for (const { term } of words) found.add(term);
  }
  return [...found].sort().slice(0, limit);
}

/**
 * The words a kind filter's match is looked up by in moment_terms: its word, or the words its
 * prefix starts (when there are at most PREFIX_TERMS_UP_TO); null for a phrase or a broader prefix.
 */
export async function termOf(
  db: Db,
  tenantId: string,
  kinds: readonly string[],
  node: Extract<QueryNode, { kind: 'moment' }>,
): Promise<MomentTerm | null> {
  const { match } = node;
  if (match.kind === 'word') return { tenantId, kinds, terms: [match.word] };
  if (match.kind !== 'wildcard' || match.prefix === null) return null;
  const terms = await prefixTerms(db, tenantId, kinds, match.prefix, PREFIX_TERMS_UP_TO + 1);
  return terms.length > PREFIX_TERMS_UP_TO ? null : { tenantId, kinds, terms };
}

/**
 * A prefix of more words than are looked up one by one, as one range of the key for each kind:
 * only its items are listed from it, for a count (`prefixItemIds`).
 */
export interface MomentPrefix {
  tenantId: string;
  kinds: readonly string[];
  prefix: string;
}

/**
 * Under this many rows, a broad prefix's items are read in creation order by sorting its rows
 * (`prefixInCreationOrder`: about 0.6 µs a row); from this many, the items are walked newest first
 * and each one's moments' words checked for the prefix, which fills a page after about 50 × items
 * ÷ rows of them (moment-search.ts): at 1,000,000 items the two cost the same at about 20,000 rows.
 */
export const PREFIX_ROWS_SORTED_BELOW = 20_000;

/** The rows of a broad prefix's ranges (`columns` of each), one kind after the other. */
const prefixRows = ({ tenantId, kinds, prefix }: MomentPrefix, columns: RawBuilder<unknown>) =>
  sql.join(
    kinds.map(
      (kind) => sql`select ${columns} from moment_terms t where t.tenant_id = ${tenantId}
        and t.kind = ${kind} and t.term >= ${prefix} and t.term < ${afterPrefix(prefix)}`,
    ),
    sql` union all `,
  );

/**
 * A prefix's ranges and their rows, counted index-only up to PREFIX_ROWS_SORTED_BELOW; null for
 * anything but a prefix. A moment holds each of its words once, so the rows are at least as many as
 * the moments holding a word the prefix starts.
 */
export async function broadPrefixOf(
  db: Db,
  tenantId: string,
  kinds: readonly string[],
  node: Extract<QueryNode, { kind: 'moment' }>,
): Promise<{ prefix: MomentPrefix; rows: number } | null> {
  const { match } = node;
  if (match.kind !== 'wildcard' || match.prefix === null || kinds.length === 0) return null;
  const prefix = { tenantId, kinds, prefix: match.prefix };
  const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n from (
    select 1 as one from (${prefixRows(prefix, sql`t.doc_id`)}) as matched
    limit ${PREFIX_ROWS_SORTED_BELOW}) as capped`.execute(db);
  return { prefix, rows: Number(counted[0]?.n ?? 0) };
}

/** The item ids of a broad prefix's rows (an item once a row), for a list of them. */
export const prefixItemIds = (prefix: MomentPrefix): RawBuilder<unknown> =>
  sql`(${prefixRows(prefix, sql`t.item_id`)})`;

/** The items of some rows (`mm`: each item's `item_created_at`, `item_id`), read by id. */
const itemsOfRows = (db: Db, rows: RawBuilder<unknown>): ItemsQuery =>
  db
    .selectFrom(sql`(${rows})`.as('mm'))
    .crossJoin('items')
    .where(sql<SqlBool>`items.id = mm.item_id`);

const orderedBy = (direction: Direction) => sql`order by 1 ${sql.raw(direction)}, 2 ${sql.raw(direction)}`;

/**
 * A broad prefix's items in creation order, each once (ordered by `inTermOrder`): its rows sorted by
 * their items' key, the sort kept by a LIMIT. Its 200-odd ranges merged in that order cost more to
 * prepare than this sort of a few thousand rows.
 */
export const prefixInCreationOrder = (db: Db, prefix: MomentPrefix, direction: Direction): ItemsQuery =>
  itemsOfRows(
    db,
    sql`select item_created_at, item_id from (${prefixRows(prefix, sql`t.item_created_at, t.item_id`)}) as r
      group by 1, 2 ${orderedBy(direction)} limit -1`,
  );

/** One word of one kind: a range of the key. */
interface Range {
  tenantId: string;
  kind: string;
  word: string;
}

/**
 * The ranges of a term's rows, each read on its own (PostgreSQL's planner would rather filter a
 * list of kinds or words than seek each, and so read every row of the tenant).
 */
const rangesOf = ({ tenantId, kinds, terms }: MomentTerm): Range[] =>
  kinds.flatMap((kind) => terms.map((word) => ({ tenantId, kind, word })));

/** Of some kinds, those that have a moment holding `word`: one seek each. */
export async function kindsHolding(
  db: Db,
  tenantId: string,
  kinds: readonly string[],
  word: string,
): Promise<string[]> {
  const { rows: held } = await sql<{ kind: string }>`${sql.join(
    kinds.map(
      (kind) => sql`select ${kind} as kind where exists (select 1 from moment_terms t
        where ${inRange({ tenantId, kind, word })})`,
    ),
    sql` union all `,
  )}`.execute(db);
  return held.map((r) => r.kind);
}

const inRange = ({ tenantId, kind, word }: Range, alias = 't'): RawBuilder<SqlBool> => {
  const t = sql.raw(alias);
  return sql<SqlBool>`${t}.tenant_id = ${tenantId} and ${t}.kind = ${kind} and ${t}.term = ${word}`;
};

/** The rows of the term's ranges (`columns` of each), one after the other; none for no range. */
const rowsOf = (term: MomentTerm, columns: RawBuilder<unknown>) => {
  const ranges = rangesOf(term);
  if (ranges.length === 0) return sql`select ${columns} from moment_terms t where 1 = 0`;
  return sql.join(
    ranges.map((range) => sql`select ${columns} from moment_terms t where ${inRange(range)}`),
    sql` union all `,
  );
};

/** The rows of a word, counted up to `limit` (its plan: moment-search.ts). */
export async function countTermRows(db: Db, term: MomentTerm, limit: number): Promise<number> {
  const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n from (
    select 1 as one from (${rowsOf(term, sql`t.doc_id`)}) as matched limit ${limit}) as capped`.execute(db);
  return Number(counted[0]?.n ?? 0);
}

/** The item ids of the rows (an item once a row), for a list of them. */
export const termItemIds = (term: MomentTerm): RawBuilder<unknown> => sql`(${rowsOf(term, sql`t.item_id`)})`;

/**
 * The condition that a match of the full-text index, by its doc id (SQLite's FTS5 rowid,
 * Driven.docId), is an item with a moment holding the word: the item doc ids of the word's rows
 * (moment_terms.item_doc_id) listed once, so a walk of the index's matches checks each before its
 * item is read (about 1 µs a match, where reading the item and seeking the word cost 20).
 */
export const heldByDoc = (term: MomentTerm, docId: Expression<number>): Expression<SqlBool> =>
  sql<SqlBool>`${docId} in (${rowsOf(term, sql`t.item_doc_id`)})`;

/**
 * The condition on `items` that the item has a moment holding the word: a list of the word's
 * items (few rows), or one seek of the key for each item walked (a common word) and range. The
 * lookup is a scalar subquery so that PostgreSQL looks each item up rather than joining all the rows.
 * `of` 'mm': of the rows another word's walk reads (`itemsInTermOrder`), checked before the item is;
 * listed, by the rows' item doc ids (SQLite: a list of integers costs about two thirds of one of ids).
 */
export function holdsTerm(
  term: MomentTerm,
  plan: 'list' | 'lookup',
  of: 'items' | 'mm' = 'items',
): Expression<SqlBool> {
  const [createdAt, id] =
    of === 'items' ? [sql`items.created_at`, sql`items.id`] : [sql`mm.item_created_at`, sql`mm.item_id`];
  if (plan === 'list') {
    return of === 'items'
      ? sql<SqlBool>`${id} in ${termItemIds(term)}`
      : heldByDoc(term, sql`mm.item_doc_id`);
  }
  const seeks = rangesOf(term).map(
    (range) => sql<SqlBool>`(select 1 from moment_terms t where ${inRange(range)}
    and t.item_created_at = ${createdAt} and t.item_id = ${id} limit 1) = 1`,
  );
  return seeks.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(seeks, sql` or `)})`;
}

export type Direction = 'asc' | 'desc';

/**
 * The items of a word (or a prefix's words) in creation order (`created_at`, then id: the search's
 * newest-first order and `sort=created`), read from their rows in the key's order, so a page stops
 * when it is full and the count at its cap: the key walked (backwards for newest first) with each
 * item looked up, no sort and no list. Ordered by `inTermOrder`. One word of one kind is one range
 * of the key; several words (or kinds) are one range each, merged in the key's order. Each item
 * comes once before anything about it is read or checked: an item may hold the word in thousands of
 * moments, and a condition on the joined rows was checked for each of them (a transcript of 3,000
 * moments holding the word: 2 s on PostgreSQL for one count). PostgreSQL groups the ranges' rows
 * (a Merge Append of them, grouped in the order asked, which the outer order then needs no sort
 * for); SQLite groups them (one range) or unites them (several), ordered as asked, the LIMIT
 * keeping the subquery's ORDER BY. On SQLite a row also has `mm.item_doc_id`, its item's doc id in
 * the full-text index, for the text's matches to be checked on it (Driven.onIds). `held`: a
 * condition on each row (`t`) before its item is taken (`phraseInMoment`).
 */
export function itemsInTermOrder(
  db: Db,
  term: MomentTerm,
  direction: Direction,
  held: RawBuilder<SqlBool> = sql<SqlBool>`1 = 1`,
): ItemsQuery {
  const postgres = engineOf(db as unknown as Kysely<unknown>) === 'postgres';
  const order = orderedBy(direction);
  const columns = postgres ? sql`item_created_at, item_id` : sql`item_created_at, item_id, item_doc_id`;
  const ranges = rangesOf(term).map(
    (r) => sql`select ${columns} from moment_terms t where ${inRange(r)} and ${held}`,
  );
  const rows = ranges.length === 0 ? [sql`select ${columns} from moment_terms where 1 = 0`] : ranges;
  // One range's rows of an item come together in the key's order, each with the same doc id.
  const once = postgres
    ? sql`select item_created_at, item_id from (${sql.join(rows, sql` union all `)}) as r group by 1, 2 ${order}`
    : rows.length === 1
      ? sql`select item_created_at, item_id, min(item_doc_id) as item_doc_id from (${rows[0]}) as r
        group by 1, 2 ${order} limit -1`
      : sql`${sql.join(rows, sql` union `)} ${order} limit -1`;
  return itemsOfRows(db, once);
}

/**
 * The row's moment holds the phrase (its words one after the other): its folded words read by its
 * doc id and searched for them between spaces, as FTS5 matches a phrase over the same words.
 */
export const phraseInMoment = (words: readonly string[]): RawBuilder<SqlBool> =>
  sql<SqlBool>`instr(' ' || (select m.words from search_moments m where m.doc_id = t.doc_id) || ' ',
    ${` ${words.join(' ')} `}) > 0`;

/** A phrase's words counted up to this many rows each, to walk the rarest (`rarestWord`). */
const PHRASE_WORD_ROWS_COUNTED = 5_000;

/**
 * Of a phrase's words, the one with the fewest rows of some kinds (counted up to
 * PHRASE_WORD_ROWS_COUNTED; past that, the longest, most often the rarer).
 */
export async function rarestWord(
  db: Db,
  tenantId: string,
  kinds: readonly string[],
  words: readonly string[],
): Promise<string> {
  const counted = [];
  for (const word of words) {
    const rows = await countTermRows(db, { tenantId, kinds, terms: [word] }, PHRASE_WORD_ROWS_COUNTED);
    counted.push({ word, rows });
  }
  counted.sort((a, b) => a.rows - b.rows || b.word.length - a.word.length);
  return counted[0]?.word ?? '';
}

/** `itemsInTermOrder`'s order, the same as `items.created_at`, `items.id` on its rows. */
export const inTermOrder = (query: ItemsQuery, direction: Direction): ItemsQuery =>
  query.orderBy(sql`mm.item_created_at`, direction).orderBy(sql`mm.item_id`, direction);
