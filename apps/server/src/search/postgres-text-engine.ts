import type { QueryNode, TextField } from '@skald/domain';
import { CompiledQuery, sql, type Expression, type SqlBool } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database.ts';
import { EXACT_TOTAL_LIMIT, mentionsOtherField, mentionsWildcard } from './search-request.ts';
import type { Driven, ItemsQuery, TextEngine } from './text-engine.ts';
import { tsqueryOf } from './tsquery-expression.ts';

/**
 * Estimated matches above which counting walks the items newest first (measured at 1M items,
 * bench/search.ts): a word's GIN lookup costs about 0.25 µs a match, a prefix's about 0.75 µs (it
 * merges the lists of every word it starts), so prefixes walk sooner.
 */
const WALK_ABOVE_ROWS = { words: 50_000, prefixes: 30_000 };
/** What a GIN lookup costs a match (above), and a row walked or read from a bitmap, in ms. */
const GIN_MS = { words: 0.00025, prefixes: 0.00075 };
const ROW_MS = 0.0008;

const matches = (query: string) => sql<SqlBool>`items.search_vector @@ to_tsquery('simple', ${query})`;
const titleMatches = (query: string) => sql<SqlBool>`items.title_vector @@ to_tsquery('simple', ${query})`;
// The same tests as functions, which no index answers: for rows that the phrase pairs found.
const checked = (query: string) =>
  sql<SqlBool>`ts_match_vq(items.search_vector, to_tsquery('simple', ${query}))`;
const titleChecked = (query: string) =>
  sql<SqlBool>`ts_match_vq(items.title_vector, to_tsquery('simple', ${query}))`;

/** Newest first: by id (UUID v7). */
const newestFirst = (query: ItemsQuery): ItemsQuery => query.orderBy('items.id', 'desc');

const allOf = (conditions: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;

const PAIR_FIELD: Record<TextField, string> = { title: 't', description: 'd', file: 'f' };

/** Items holding every neighbouring pair of `words` in `field` (0007-phrase-pairs.ts, 0014). */
const pairsIn = (field: TextField, words: string[]) =>
  sql<SqlBool>`items.search_pairs @> skald_pair_hashes(${PAIR_FIELD[field]}, ${words.join(' ')})`;

/** The phrase of a positive conjunct that is one, found through its pairs. */
function phrasePairs(node: QueryNode, inTitle: boolean): Expression<SqlBool> | null {
  if (node.kind !== 'text' || node.match.kind !== 'phrase' || node.match.words.length < 2) return null;
  const { words } = node.match;
  if (inTitle || node.field === 'title') return pairsIn('title', words);
  if (node.field !== null) return pairsIn(node.field, words);
  return sql<SqlBool>`(${pairsIn('title', words)} or ${pairsIn('description', words)} or ${pairsIn('file', words)})`;
}

/**
 * PostgreSQL: the generated `items.search_vector` (and `title_vector` for the first relevance
 * tier) with their GIN indexes (docs/SEARCH.md). Newest
 * first is by id (UUID v7, so creation order), which the planner walks backwards when matches are
 * many and reaches through the GIN index when they are few.
 */
export class PostgresTextEngine implements TextEngine {
  readonly #db: Db;
  readonly #estimates = new LRUCache<string, number>({ max: 10_000, ttl: 10 * 60_000 });
  constructor(db: Db) {
    this.#db = db;
  }

  drive(conjuncts: readonly QueryNode[]) {
    const driving: { node: QueryNode; query: string }[] = [];
    const rest: QueryNode[] = [];
    for (const node of conjuncts) {
      const query = tsqueryOf(node);
      if (query === null) rest.push(node);
      else driving.push({ node, query });
    }
    const positive = driving.filter((d) => d.node.kind !== 'not');
    // A GIN lookup needs a positive part; negative ones then narrow it inside the same tsquery.
    if (positive.length === 0) return { driven: null, rest: [...conjuncts] };
    const query = driving.map((d) => d.query).join(' & ');
    const titleQuery = positive.some((p) => mentionsOtherField(p.node))
      ? null
      : positive.map((p) => tsqueryOf(p.node, true)).join(' & ');
    // Phrases are found through their word pairs, and the words' positions checked on those rows
    // only (0007-phrase-pairs.ts); without one, the tsvector indexes find the words themselves.
    const pairs = (inTitle: boolean) => positive.flatMap((p) => phrasePairs(p.node, inTitle) ?? []);
    const byPairs = pairs(false).length > 0;
    const items = this.#db.selectFrom('items');
    const all = items.where(byPairs ? allOf([...pairs(false), checked(query)]) : matches(query));
    const inTitle =
      titleQuery === null
        ? null
        : byPairs
          ? allOf([...pairs(true), titleChecked(titleQuery)])
          : titleMatches(titleQuery);
    // Title matches are matches too: without negative parts the first tier needs only the (smaller)
    // title index; with them, the whole tsquery keeps their words out.
    const first = positive.length === driving.length ? items : all;
    // On a row: the vectors themselves, checked (phrases by their positions).
    const titleOnRow = titleQuery === null ? null : titleChecked(titleQuery);
    const driven: Driven = {
      all,
      tiers: inTitle === null ? [all] : [first.where(inTitle), all.where(sql<SqlBool>`not ${inTitle}`)],
      newestFirst,
      prefixes: positive.some((p) => mentionsWildcard(p.node)),
      onRows: {
        all: checked(query),
        tiered: (q) =>
          newestFirst(titleOnRow === null ? q : q.orderBy(sql`case when ${titleOnRow} then 0 else 1 end`)),
      },
      // A GIN index gives no list of ids without reading each match's row: the walked items' own
      // vectors are checked instead (onRows).
      onIds: () => Promise.resolve(null),
      exceeds: async (n) => (await this.#estimate(all)) > n,
    };
    return { driven, rest };
  }

  textCondition(node: QueryNode): Expression<SqlBool> | 'split' {
    const query = tsqueryOf(node);
    return query === null ? 'split' : matches(query);
  }

  rowCondition(node: QueryNode): Expression<SqlBool> | 'split' {
    const query = tsqueryOf(node);
    return query === null ? 'split' : checked(query);
  }

  /** PostgreSQL checks the item's vector, which it reads anyway, instead (rowCondition). */
  matchesOnWalk(): Promise<Expression<SqlBool> | null> {
    return Promise.resolve(null);
  }

  /**
   * A count that stops at the cap reads rows from a bitmap of every match, which for a word found
   * in a tenth of a large library is itself the cost (hundreds of ms); walking the items newest
   * first finds the cap's worth of matches in a few thousand rows instead. Which one is cheaper
   * depends on how many items match, so the planner's estimate decides. Estimates change only
   * with the statistics, so each is remembered for a while: a search screen asks the same again
   * every 30 seconds, and planning it cost as much as a small search.
   */
  async countable(matches: ItemsQuery, driven: Driven | null, library: ItemsQuery): Promise<ItemsQuery> {
    const kind = driven?.prefixes ? 'prefixes' : 'words';
    const estimate = await this.#estimate(matches);
    if (estimate > WALK_ABOVE_ROWS[kind]) return newestFirst(matches);
    return driven && (await this.#walksCheaper(estimate, driven, library, kind))
      ? newestFirst(matches)
      : matches;
  }

  /**
   * True when, with other filters making the matches fewer than WALK_ABOVE_ROWS, the text alone
   * still matches so many items that building its bitmap costs more than walking the newest items
   * until the cap's worth pass: `forsvarer language:x` at 1,000,000 items, the word on 164,000
   * items and 28,000 passing the language too, built a bitmap of 164,000 (36 ms) where walking
   * finds 1,001 in about 36,000 rows (29 ms).
   */
  async #walksCheaper(
    estimate: number,
    driven: Driven,
    library: ItemsQuery,
    kind: keyof typeof GIN_MS,
  ): Promise<boolean> {
    const text = await this.#estimate(driven.all);
    if (text <= WALK_ABOVE_ROWS[kind] || estimate <= 0) return false;
    const items = await this.#estimate(library);
    const walked = Math.min(items, (EXACT_TOTAL_LIMIT * items) / estimate);
    const bitmap = text * GIN_MS[kind] + Math.min(text, (EXACT_TOTAL_LIMIT * text) / estimate) * ROW_MS;
    return walked * ROW_MS < bitmap;
  }

  /** The planner's estimate of the rows of `matches`, remembered (see `countable`). */
  async #estimate(matches: ItemsQuery): Promise<number> {
    const query = matches.select(sql<number>`1`.as('one')).compile();
    const key = JSON.stringify([query.sql, query.parameters]);
    let estimate = this.#estimates.get(key);
    if (estimate === undefined) {
      const { rows } = await this.#db.executeQuery<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
      estimate = rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
      this.#estimates.set(key, estimate);
    }
    return estimate;
  }

  async words(tenantId: string, pattern: string, limit: number): Promise<string[]> {
    // Words are letters and digits only, so `*` and `?` are the pattern's only special characters.
    const like = pattern.replace(/\*/g, '%').replace(/\?/g, '_');
    const rows = await this.#db
      .selectFrom('search_terms')
      .select('term')
      .where('tenant_id', '=', tenantId)
      .where('term', 'like', like)
      .orderBy('term')
      .limit(limit)
      .execute();
    return rows.map((r) => r.term);
  }
}
