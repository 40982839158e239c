import type { QueryNode, TextField } from '@skald/domain';
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { fts5Expression } from './fts5-expression.ts';
import { isTextOnly, mentionsOtherField, mentionsWildcard } from './search-request.ts';
import type { Driven, ItemsQuery, TextEngine } from './text-engine.ts';
import { afterPrefix } from './wildcards.ts';

/** The SQLite-only tables of the index (0004-search.ts). */
type IndexedDb = Database & {
  items_fts: { rowid: number };
  search_docs: { doc_id: number; item_id: string };
};

/** The item's words of each field (searchTokens, one space apart): what items_fts indexes. */
const WORDS: Record<TextField, RawBuilder<string>> = {
  title: sql`items.search_title`,
  description: sql`items.search_description`,
  file: sql`items.search_file`,
};

/**
 * A text-only node tested on the item's words as FTS5 would match them (its tokens are those
 * words): a word or a phrase is its words between spaces in one field, a prefix follows a space.
 */
function onRow(node: QueryNode): Expression<SqlBool> | null {
  switch (node.kind) {
    case 'text': {
      const { match } = node;
      const needle =
        match.kind === 'word'
          ? ` ${match.word} `
          : match.kind === 'phrase'
            ? ` ${match.words.join(' ')} `
            : match.prefix === null
              ? null
              : ` ${match.prefix}`;
      if (needle === null) return null;
      const fields = node.field === null ? (['title', 'description', 'file'] as const) : [node.field];
      const found = fields.map((f) => sql<SqlBool>`instr(' ' || ${WORDS[f]} || ' ', ${needle}) > 0`);
      return sql<SqlBool>`(${sql.join(found, sql` or `)})`;
    }
    case 'and':
    case 'or': {
      const parts = node.children.map(onRow);
      if (parts.length === 0 || parts.some((p) => p === null)) return null;
      return sql<SqlBool>`(${sql.join(parts, node.kind === 'and' ? sql` and ` : sql` or `)})`;
    }
    case 'not': {
      const inner = onRow(node.child);
      return inner === null ? null : sql<SqlBool>`not ${inner}`;
    }
    default:
      return null;
  }
}

/** `node` with its text leaves of no field limited to the title. */
function inTitle(node: QueryNode): QueryNode {
  switch (node.kind) {
    case 'text':
      return node.field === null ? { ...node, field: 'title' } : node;
    case 'and':
    case 'or':
      return { ...node, children: node.children.map(inTitle) };
    case 'not':
      return { ...node, child: inTitle(node.child) };
    default:
      return node;
  }
}

/**
 * `drive`'s matches as a test of the item's row, and its tiers as an order of them: those whose
 * positive parts are all in the title first (FTS5's `search_title : (…)`), then by doc id, newest
 * first as the index walks them, looked up for the (few) rows that pass.
 */
function tiersOnRows(positive: QueryNode[], negative: QueryNode[], titleTier: boolean): Driven['onRows'] {
  const all = onRow({ kind: 'and', children: [...positive, ...negative] });
  const title = onRow({ kind: 'and', children: positive.map(inTitle) });
  if (all === null || title === null) return null;
  const newestFirst = (query: ItemsQuery) =>
    query.orderBy(sql`(select d.doc_id from search_docs d where d.item_id = items.id)`, 'desc');
  return {
    all,
    tiered: (query) =>
      newestFirst(titleTier ? query.orderBy(sql`case when ${title} then 0 else 1 end`) : query),
  };
}

/** The doc id of a walked row's item, read with the row (itemsInTermOrder: moment_terms holds it). */
const walkedDocId = sql`mm.item_doc_id`;

/** The rowids (doc ids) FTS5 matches, listed once for an IN: no row of search_docs or items read. */
const matchedDocIds = (fts: string) => sql`(select rowid from items_fts where items_fts match ${fts})`;

/**
 * `drive`'s matches as a test of a walked row's doc id (Driven.onIds) and its tiers as an order of
 * such rows: the title tier's doc ids first (`inTitle`, when the text has that tier), then by doc
 * id, newest first. The same FTS5 expressions as the tiers the index walks, so the same items.
 */
function tiersOnIds(all: string, inTitle: string | null) {
  return {
    all: sql<SqlBool>`${walkedDocId} in ${matchedDocIds(all)}`,
    tiered: (query: ItemsQuery) =>
      (inTitle === null
        ? query
        : query.orderBy(sql`case when ${walkedDocId} in ${matchedDocIds(inTitle)} then 0 else 1 end`)
      ).orderBy(walkedDocId, 'desc'),
  };
}

/**
 * SQLite FTS5 (`items_fts`, docs/SEARCH.md). Matches come from the index, newest (highest doc id)
 * first, and join `items` by id: CROSS JOIN keeps SQLite from scanning a tenant's items and
 * probing the index, and lets a LIMIT stop the walk early.
 */
export class SqliteTextEngine implements TextEngine {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  drive(conjuncts: readonly QueryNode[]) {
    const rest = conjuncts.filter((c) => !isTextOnly(c));
    const positive: { node: QueryNode; fts: string }[] = [];
    const negative: { node: QueryNode; fts: string }[] = [];
    for (const node of conjuncts.filter(isTextOnly)) {
      const expression = fts5Expression(node);
      if (expression === 'split') rest.push(node);
      else if ('pos' in expression) positive.push({ node, fts: expression.pos });
      else negative.push({ node, fts: expression.neg });
    }
    // Nothing positive to start from: every text part is a condition instead.
    if (positive.length === 0) return { driven: null, rest: [...conjuncts] };
    const matches = positive.map((p) => p.fts).join(' AND ');
    const without = (fts: string) =>
      negative.length === 0 ? fts : `(${fts}) NOT (${negative.map((n) => n.fts).join(' OR ')})`;
    const inTitle = `search_title : (${matches})`;
    const all = this.#matching(without(matches));
    const titleTier = !positive.some((p) => mentionsOtherField(p.node));
    const driven: Driven = {
      all,
      tiers: titleTier
        ? [this.#matching(without(inTitle)), this.#matching(without(`(${matches}) NOT (${inTitle})`))]
        : [all],
      newestFirst: (query) => query.orderBy(sql`items_fts.rowid`, 'desc'),
      prefixes: positive.some((p) => mentionsWildcard(p.node)),
      itemId: sql.ref<string>('search_docs.item_id'),
      // A unary plus: an IN list on the rowid itself would have FTS5 look each listed id up.
      docId: sql<number>`+items_fts.rowid`,
      onRows: tiersOnRows(
        positive.map((p) => p.node),
        negative.map((n) => n.node),
        titleTier,
      ),
      onIds: async (limit) => {
        if (await this.#matchesAtLeast(without(matches), limit)) return null;
        return tiersOnIds(without(matches), titleTier ? without(inTitle) : null);
      },
      exceeds: async (n) => this.#matchesAtLeast(without(matches), n + 1),
    };
    return { driven, rest };
  }

  textCondition(node: QueryNode): Expression<SqlBool> | 'split' {
    const expression = fts5Expression(node);
    if (expression === 'split') return 'split';
    const matching = (fts: string) =>
      sql`(select d.item_id from items_fts join search_docs d on d.doc_id = items_fts.rowid
        where items_fts match ${fts})`;
    return 'pos' in expression
      ? sql<SqlBool>`items.id in ${matching(expression.pos)}`
      : sql<SqlBool>`items.id not in ${matching(expression.neg)}`;
  }

  rowCondition(node: QueryNode): Expression<SqlBool> | 'split' {
    return onRow(node) ?? 'split';
  }

  async matchesOnWalk(node: QueryNode, limit: number): Promise<Expression<SqlBool> | null> {
    const expression = fts5Expression(node);
    if (expression === 'split' || !('pos' in expression)) return null;
    if (await this.#matchesAtLeast(expression.pos, limit)) return null;
    return sql<SqlBool>`${walkedDocId} in ${matchedDocIds(expression.pos)}`;
  }

  /** Whether an FTS5 expression matches at least `n` items (of every tenant), counted up to `n`. */
  async #matchesAtLeast(fts: string, n: number): Promise<boolean> {
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from items_fts
      where items_fts match ${fts} limit ${n}) as capped`.execute(this.#db);
    return (rows[0]?.n ?? 0) >= n;
  }

  /** FTS5 hands matches over one by one, so a LIMIT stops the count early as it is. */
  countable(matches: ItemsQuery): Promise<ItemsQuery> {
    return Promise.resolve(matches);
  }

  async words(tenantId: string, pattern: string, limit: number): Promise<string[]> {
    // The pattern's literal start narrows the scan to a range of the primary key.
    const literal = /^[^*?]*/.exec(pattern)?.[0] ?? '';
    let query = this.#db
      .selectFrom('search_terms')
      .select('term')
      .where('tenant_id', '=', tenantId)
      .where(sql<SqlBool>`term glob ${pattern}`);
    if (literal !== '') query = query.where('term', '>=', literal).where('term', '<', afterPrefix(literal));
    const rows = await query.orderBy('term').limit(limit).execute();
    return rows.map((r) => r.term);
  }

  /** The items an FTS5 expression matches, the index's relations joined under their names. */
  #matching(fts: string): ItemsQuery {
    return (this.#db as unknown as Kysely<IndexedDb>)
      .selectFrom('items_fts')
      .crossJoin('search_docs')
      .crossJoin('items')
      .whereRef('search_docs.doc_id', '=', 'items_fts.rowid')
      .whereRef('items.id', '=', 'search_docs.item_id')
      .where(sql<SqlBool>`items_fts match ${fts}`);
  }
}
