import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

// PostgreSQL: every pair of neighbouring words of an item's title and description, as 32-bit
// hashes of 't a b' / 'd a b' in `items.search_pairs` with a GIN index, so that a phrase is found
// from the pairs it contains instead of by reading every item holding all of its words to check
// their positions (a phrase of two common words: 38,000 such items for 1,500 matches, 130 ms at
// 1M items; bench/search.ts). The positions are still checked on the few rows the pairs find, so a
// hash collision costs a row read, never a wrong result. SQLite's FTS5 finds phrases by itself.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  // md5 rather than hashtext(): its value may not change between PostgreSQL versions, and stored
  // hashes must keep matching the query's.
  await sql`create function skald_pair_hashes(field text, words text) returns int[]
    language sql immutable strict parallel safe as $$
      select coalesce(array_agg(distinct ('x' || left(md5(field || ' ' || w[i] || ' ' || w[i + 1]), 8))::bit(32)::int), '{}')
      from (select string_to_array(words, ' ') as w) s,
        generate_series(1, coalesce(array_length(w, 1), 0) - 1) i
    $$`.execute(db);
  await sql`alter table items add column search_pairs int[] generated always as (
      skald_pair_hashes('t', search_title) || skald_pair_hashes('d', search_description)) stored`.execute(db);
  await sql`create index items_search_pairs on items using gin (search_pairs)`.execute(db);
  await sql`alter table items alter column search_pairs set statistics 1000`.execute(db);
}
