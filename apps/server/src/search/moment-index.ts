import { searchTokens } from '@skald/domain';
import type { Insertable, Kysely } from 'kysely';
import type { Database, SearchMomentsTable } from '../db/schema.ts';

/** A searchable moment as its source gives it (an analysis moment, a log event). */
export interface IndexedMoment {
  tenant_id: string;
  item_id: string;
  source_id: string;
  kind: string;
  start_ms: number;
  end_ms: number;
  text: string | null;
}

type Row = Insertable<SearchMomentsTable>;
type On = Kysely<Database>;

// Each statement stays under SQLite's limit on bound values.
const ROWS_PER_INSERT = 200;
const TERMS_PER_INSERT = 1_000;

/** The index rows of some moments: those with words (a shot has no text), folded and tokenised. */
export function momentIndexRows(moments: readonly IndexedMoment[]): Row[] {
  return moments.flatMap((m) => {
    const words = searchTokens(m.text ?? '');
    if (words.length === 0 || m.text === null) return [];
    const { tenant_id, item_id, source_id, kind, start_ms, end_ms, text } = m;
    return [{ tenant_id, item_id, source_id, kind, start_ms, end_ms, text, words: words.join(' ') }];
  });
}

/**
 * Writes index rows, and their words to the tenant's vocabulary (search_terms, which wildcards
 * expand from), on the caller's transaction: a moment is searchable when its source commits.
 */
export async function indexMomentRows(on: On, rows: readonly Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await on
      .insertInto('search_moments')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
  const terms = new Map<string, { tenant_id: string; term: string }>();
  for (const row of rows) {
    for (const term of row.words.split(' '))
      terms.set(`${row.tenant_id} ${term}`, { tenant_id: row.tenant_id, term });
  }
  const all = [...terms.values()];
  for (let i = 0; i < all.length; i += TERMS_PER_INSERT) {
    await on
      .insertInto('search_terms')
      .values(all.slice(i, i + TERMS_PER_INSERT))
      .onConflict((oc) => oc.columns(['tenant_id', 'term']).doNothing())
      .execute();
  }
}

/** Indexes moments (momentIndexRows then indexMomentRows). */
export async function indexMoments(on: On, moments: readonly IndexedMoment[]): Promise<void> {
  await indexMomentRows(on, momentIndexRows(moments));
}

/** Removes the index rows of these sources (moments or log events). */
export async function unindexSources(on: On, tenantId: string, sourceIds: readonly string[]): Promise<void> {
  for (let i = 0; i < sourceIds.length; i += ROWS_PER_INSERT) {
    await on
      .deleteFrom('search_moments')
      .where('tenant_id', '=', tenantId)
      .where('source_id', 'in', sourceIds.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
}

/** Removes an item's index rows of one kind (a rerun of that analysis replaces them all). */
export async function unindexItemKind(on: On, tenantId: string, itemId: string, kind: string): Promise<void> {
  await on
    .deleteFrom('search_moments')
    .where('tenant_id', '=', tenantId)
    .where('item_id', '=', itemId)
    .where('kind', '=', kind)
    .execute();
}
