import {
  DATE_TERM_PREFIX,
  FIRST_TOKEN,
  SORT_TERM_PREFIX,
  metadataTerm,
  type CompareOp,
  type DateBound,
  type MetadataMatch,
  type QueryNode,
} from '@skald/domain';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DbEngine } from '../db/database.ts';
import { longValue, shortElement } from '../db/short-field-terms.ts';

// The term just above every term starting with a prefix ending in ':' (';' follows ':').
const after = (prefix: string) => `${prefix.slice(0, -1)};`;

/** `term` within `[from, to)`. */
const between = (from: string, to: string) => sql<SqlBool>`term >= ${from} and term < ${to}`;

/** One end of a range of terms: the term and whether it is in the range itself. */
interface End {
  term: string;
  inclusive: boolean;
}

/** A range of terms, each end in or out of it. */
interface TermRange {
  low: End;
  high: End;
}

/** The terms that start with `prefix`: one range of the primary key. */
function startingWith(prefix: string): TermRange {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  const upper = prefix.slice(0, -1) + String.fromCodePoint(last + 1);
  return { low: { term: prefix, inclusive: true }, high: { term: upper, inclusive: false } };
}

const lowOp = (low: End) => sql.raw(low.inclusive ? '>=' : '>');
const highOp = (high: End) => sql.raw(high.inclusive ? '<=' : '<');

/** `column` (`term` unless said) within the range. */
const inRange = ({ low, high }: TermRange, column: Expression<string> = sql`term`) =>
  sql<SqlBool>`${column} ${lowOp(low)} ${low.term} and ${column} ${highOp(high)} ${high.term}`;

/** The `#d:` terms a date comparison matches, as one range; `key` goes before every term. */
function dateRange(op: CompareOp, date: string, key: string): { low: End; high: End } {
  const day = { term: key + DATE_TERM_PREFIX + date, inclusive: op !== '<' && op !== '>' };
  const first = { term: key + DATE_TERM_PREFIX, inclusive: true };
  const end = { term: key + after(DATE_TERM_PREFIX), inclusive: false };
  if (op === '=') return { low: day, high: day };
  return op === '>' || op === '>=' ? { low: day, high: end } : { low: first, high: day };
}

/**
 * The terms of all the comparisons of one field at once, as the one range they leave: both ends
 * bound the same column, so the index reads only the range (with each comparison's own range
 * ANDed, SQLite bounded the scan by the first pair it met: from the start of a month to the last
 * date of the field).
 */
function dateTerms(bounds: readonly DateBound[], key: string): TermRange | null {
  const ranges = bounds.map((b) => dateRange(b.op, b.date, key));
  const [first] = ranges;
  if (!first) return null;
  let { low, high } = first;
  for (const r of ranges.slice(1)) {
    if (r.low.term > low.term || (r.low.term === low.term && !r.low.inclusive)) low = r.low;
    if (r.high.term < high.term || (r.high.term === high.term && !r.high.inclusive)) high = r.high;
  }
  return { low, high };
}

/** The one range of terms a date comparison or a prefix matches; null for a word, a phrase or a pattern. */
function termRange(match: MetadataMatch, key: string): TermRange | null {
  switch (match.kind) {
    case 'date':
      return dateTerms([match], key);
    case 'dates':
      return dateTerms(match.bounds, key);
    case 'wildcard':
      return match.prefix === null ? null : startingWith(key + match.prefix);
    default:
      return null;
  }
}

/** A wildcard pattern (`*` any run, `?` one character) as a LIKE pattern, escaping LIKE's own. */
const likePattern = (pattern: string) =>
  pattern
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/\*/g, '%')
    .replace(/\?/g, '_');

/**
 * How a metadata filter is joined into a search, chosen from how many index rows its value has
 * (`planOf`): `drive` reads the few matching items first and sorts them; `in` makes the list of
 * matching items once and checks the walked items against it; `exists` looks each walked item up
 * in the index (a broad value: the newest items soon fill the page and the count).
 */
export type MetadataPlan = 'drive' | 'in' | 'exists';

/**
 * Up to this many index rows, a filter drives the search; in a larger library, up to √(75 × its
 * live items) (`driveBelow`).
 */
export const DRIVE_BELOW = 3_000;
/** From this many, a filter is checked item by item. */
export const WALK_FROM = 30_000;

/**
 * The rows under which a filter drives the page of a library of `items` live items: reading and
 * sorting all its items (`rows` of them, 2.8 µs each on SQLite at 1,000,000 items) costs what
 * walking the newest items until the page is full does (50 ÷ (0.72 × rows ÷ items) of them for a
 * searcher who sees 72 % of the library, 3 µs each with its lookup), at rows ≈ √(75 × items): 8,700
 * at 1,000,000 items, where a value of 5,000 items walked 14,000 items for a page (20–28 ms; driven,
 * 14 ms). SQLite only (MetadataPlanner): not measured on PostgreSQL.
 */
export const driveBelow = (items: number): number => Math.max(DRIVE_BELOW, Math.round(Math.sqrt(75 * items)));

/** The terms a word or a phrase (every pair of its neighbouring words) must all have; null for a range or a pattern. */
function exactTerms(match: MetadataMatch): string[] | null {
  switch (match.kind) {
    case 'word':
      return [metadataTerm(match.word)];
    case 'phrase':
      return match.words.slice(1).map((word, i) => metadataTerm(`${match.words[i] ?? ''} ${word}`));
    default:
      return null;
  }
}

/**
 * The term conditions that must all hold: one for most matches, one per pair of a phrase; `key`
 * goes before every term (`field:`, for the elements of `items.short_field_terms`).
 */
function termSets(match: MetadataMatch, key = ''): Expression<SqlBool>[] {
  const exact = exactTerms(match);
  if (exact) return exact.map((term) => sql<SqlBool>`term = ${key + term}`);
  const range = termRange(match, key);
  if (range) return [inRange(range)];
  return match.kind === 'wildcard'
    ? [
        sql<SqlBool>`term >= ${key + FIRST_TOKEN} and term like ${likePattern(key + match.pattern)} escape '\\'`,
      ]
    : [sql<SqlBool>`1 = 0`];
}

/**
 * The top-level conjuncts with the date comparisons of each field joined into one range
 * (`embargo:>=a embargo:<b`): each end alone may match half the library, the range a few items.
 */
export function withDateRanges(conjuncts: readonly QueryNode[]): QueryNode[] {
  const bounds = new Map<string, DateBound[]>();
  for (const node of conjuncts) {
    if (node.kind === 'metadata' && node.match.kind === 'date') {
      const { op, date } = node.match;
      bounds.set(node.fieldId, [...(bounds.get(node.fieldId) ?? []), { op, date }]);
    }
  }
  const done = new Set<string>();
  return conjuncts.flatMap((node): QueryNode[] => {
    if (node.kind !== 'metadata' || node.match.kind !== 'date') return [node];
    const all = bounds.get(node.fieldId) ?? [];
    if (all.length < 2) return [node];
    if (done.has(node.fieldId)) return [];
    done.add(node.fieldId);
    return [{ ...node, match: { kind: 'dates', bounds: all } }];
  });
}

/**
 * The tenant's items whose field holds a term passing the match's first term set (every pair of a
 * phrase is checked by metadataCondition), each once; `distinct: false` when the match is one term
 * (each item has it once, and the rows then stream: a count stops after its cap).
 */
export function itemsWith(
  tenantId: string,
  fieldKey: string,
  match: MetadataMatch,
  rows: 'distinct' | 'each' | 'each with its term' = 'distinct',
): RawBuilder<unknown> {
  const [first = sql<SqlBool>`1 = 0`] = termSets(match);
  const columns =
    rows === 'distinct' ? sql`distinct item_id` : rows === 'each' ? sql`item_id` : sql`item_id, term`;
  return sql`(select ${columns} from item_field_terms
    where tenant_id = ${tenantId} and field_key = ${fieldKey} and ${first})`;
}

/**
 * PostgreSQL: true when `term`, one of the item's rows in a range's match (a date range, a prefix),
 * is the first of the item's terms in that range, so that the range's rows, read in the index's
 * order, name each item once without being made distinct first (which sorts every row of the
 * range before the first comes out: a month of a date field at 1,000,000 items, 27,000 rows, 18 ms
 * of a 25 ms count). Checked on the item's row (`short_field_terms`, read anyway), or for a value
 * too long to be held there, in the field index. Null for a match that is no range.
 */
export function firstOfItemInRange(
  tenantId: string,
  fieldKey: string,
  match: MetadataMatch,
  term: Expression<string>,
): Expression<SqlBool> | null {
  const range = termRange(match, '');
  if (!range) return null;
  const { low } = range;
  const key = shortElement(fieldKey, '');
  return sql<SqlBool>`(case when items.short_field_terms @> ${[longValue(fieldKey)]}::text[]
    then not exists (select 1 from item_field_terms t where t.tenant_id = ${tenantId}
      and t.field_key = ${fieldKey} and t.item_id = items.id
      and t.term ${lowOp(low)} ${low.term} and t.term < ${term})
    else not exists (select 1 from unnest(items.short_field_terms) as e
      where e ${lowOp(low)} ${key + low.term} and e < (${key} || ${term})) end)`;
}

/**
 * Whether an item whose `short_field_terms` are `elements` matches the filter, as onItemRow checks
 * it, for estimating how common a value is from a sample of items (MetadataPlanner); an item whose
 * value is held as too long counts as a match. Undefined for a pattern (`p?ske`).
 */
export function heldInElements(
  fieldKey: string,
  match: MetadataMatch,
  elements: readonly string[],
): boolean | undefined {
  const key = shortElement(fieldKey, '');
  if (elements.includes(longValue(fieldKey))) return true;
  const exact = exactTerms(match);
  if (exact) return exact.every((t) => elements.includes(key + t));
  const range = termRange(match, key);
  if (!range) return undefined;
  const { low, high } = range;
  for (const e of elements) {
    const above = low.inclusive ? e >= low.term : e > low.term;
    const below = high.inclusive ? e <= high.term : e < high.term;
    if (above && below) return true;
  }
  return false;
}

/**
 * True when the match's rows are one run of the primary key, in item id order: a word, or a phrase
 * of two words (one pair). Such a value's items join another's by merging the two runs
 * (itemsOfFilter's `mergedWith`).
 */
export const oneRun = (match: MetadataMatch): boolean =>
  match.kind === 'word' || (match.kind === 'phrase' && match.words.length === 2);

/** True when one term set decides the match (all but a phrase of three or more words). */
export const oneTermSet = (match: MetadataMatch): boolean => termSets(match).length <= 1;

/**
 * The index rows of a filter's value, counted up to `limit` (one range of the primary key), or
 * null for a pattern (`p?ske`), whose count would read every term of the field.
 */
export function termCount(tenantId: string, fieldKey: string, match: MetadataMatch, limit: number) {
  if (match.kind === 'wildcard' && match.prefix === null) return null;
  const [first = sql<SqlBool>`1 = 0`] = termSets(match);
  return sql<{ n: number | string }>`select count(*) as n from (select 1 from item_field_terms
    where tenant_id = ${tenantId} and field_key = ${fieldKey} and ${first} limit ${limit}) as capped`;
}

/**
 * A metadata field filter (`fieldId:value`, docs/SEARCH.md) as a condition on `items`: the item's
 * rows of the field index hold the word, every pair of neighbouring words of the phrase, a term
 * with the prefix or matching the pattern, or a day in the range. `itemId` is the item's id as the
 * query has it (a driving filter's `m.item_id`, so SQLite checks before reading the item). `row`
 * (PostgreSQL): on the item's own row (`onItemRow`).
 */
export function metadataCondition(
  tenantId: string,
  fieldKey: string,
  match: MetadataMatch,
  engine: DbEngine,
  plan: Exclude<MetadataPlan, 'drive'> | 'row' | 'indexed row' = 'in',
  itemId: Expression<string> = sql.ref('items.id'),
): Expression<SqlBool> {
  if (plan === 'row' || plan === 'indexed row') {
    const lookup = metadataCondition(tenantId, fieldKey, match, engine, 'exists', itemId);
    return onItemRow(fieldKey, match, lookup, plan === 'indexed row');
  }
  const lookedUp =
    match.kind === 'word' || match.kind === 'phrase' ? byValue(engine) : sql`item_field_terms t`;
  // Both are written so that PostgreSQL cannot turn them into a join planned from the terms (its
  // statistics cannot know how common one value is among millions of terms; planned from 10,000
  // terms, one page took 270 ms at 100,000 items): `not (… not in …)` stays a hashed list the walked
  // items are checked against (7 ms), and a scalar subquery a lookup per walked item. SQLite
  // plans both as before (a list with a Bloom filter, a lookup per item).
  const parts = termSets(match).map((terms) =>
    plan === 'exists'
      ? sql<SqlBool>`(select 1 from ${lookedUp} where t.item_id = ${itemId}
          and t.tenant_id = ${tenantId} and t.field_key = ${fieldKey} and ${terms} limit 1) = 1`
      : sql<SqlBool>`not (${itemId} not in (select item_id from item_field_terms
          where tenant_id = ${tenantId} and field_key = ${fieldKey} and ${terms}))`,
  );
  return parts.length === 1
    ? (parts[0] ?? sql<SqlBool>`1 = 0`)
    : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * PostgreSQL: the filter checked on the item's own row, `items.short_field_terms`
 * (db/short-field-terms.ts): a word or a phrase by containment, a range or a pattern over its few
 * elements; an item whose value of the field is too long to be held there (`field:#long`) is looked
 * up (`lookup`) instead. Walking the newest items, a check costs the row already read instead of a
 * descent of the field index (about 5 buffers at 1,000,000 items).
 *
 * `indexed`, for a value of one term (a word, a phrase of two words): as the overlap of the row's
 * elements with the term and the mark, which the text indexes' second column answers (migration
 * 0063: the same expression, which no other check names), so that beside words one index scan finds
 * the items holding both; a marked item is then looked up. The same test, since a field's value is
 * held as its terms or as the mark, never both; written so that the planner counts the value's
 * share of the items once (the overlap), where an overlap beside the containment counted it twice,
 * and read a word of a fifth of 1,000,000 items from a list of 49,000 (250 ms) thinking it 12,000.
 */
function onItemRow(
  fieldKey: string,
  match: MetadataMatch,
  lookup: Expression<SqlBool>,
  indexed = false,
): Expression<SqlBool> {
  const key = shortElement(fieldKey, '');
  const exact = exactTerms(match);
  const [term, ...others] = exact ?? [];
  if (indexed && term !== undefined && others.length === 0) {
    return sql<SqlBool>`((items.short_field_terms || '{}'::text[]) && ${[key + term, longValue(fieldKey)]}::text[]
      and (not items.short_field_terms @> ${[longValue(fieldKey)]}::text[] or ${lookup}))`;
  }
  const held = exact
    ? sql<SqlBool>`items.short_field_terms @> ${exact.map((t) => key + t)}::text[]`
    : sql<SqlBool>`exists (select 1 from unnest(items.short_field_terms) as term
        where ${sql.join(termSets(match, key), sql` and `)})`;
  return sql<SqlBool>`(${held} or (items.short_field_terms @> ${[longValue(fieldKey)]}::text[] and ${lookup}))`;
}

/**
 * The field index as the lookup of one item's value (a word, or a pair of a phrase: one term) reads
 * it: SQLite is told to take the primary key (tenant, field, term, item), where every item looked up
 * lies within the one value's run of rows, sorted by item id, so the pages read stay few and hot (the
 * rows of a count are looked up in id order: a count of two fields at 1,000,000 items took 5 ms this
 * way, and 11 ms warm, 39 ms cold through `item_field_terms_item`, which SQLite otherwise prefers
 * as the narrower index). The name is SQLite's for the primary key of a WITHOUT ROWID table.
 * PostgreSQL takes its primary key by itself.
 */
function byValue(engine: DbEngine): RawBuilder<unknown> {
  return engine === 'sqlite'
    ? sql`item_field_terms t indexed by sqlite_autoindex_item_field_terms_1`
    : sql`item_field_terms t`;
}

/** An item's sort key of a field (null when it has no value there), for ordering by the field. */
export function metadataSortKey(tenantId: string, fieldKey: string): RawBuilder<string | null> {
  return sql<string | null>`(select min(term) from item_field_terms
    where item_id = items.id and tenant_id = ${tenantId} and field_key = ${fieldKey}
    and ${between(SORT_TERM_PREFIX, after(SORT_TERM_PREFIX))})`;
}
