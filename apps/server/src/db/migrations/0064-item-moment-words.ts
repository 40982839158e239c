import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

// Issue 14 §4, PostgreSQL only: each item holds the words of its indexed moments, each as
// `kind:word` (`speech:budsjett`), in `items.moment_words` (a tsvector without positions: its GIN
// index also finds the words a prefix starts), and the text indexes of 0063 get them as a third
// column. A search of words and a kind filter (`hytte said:kamp`) then finds the items
// holding both in one index scan, where it read every item the words match and looked the filter up
// in moment_terms for each (at 1,000,000 items with 100,000 transcripts: 19,553 body matches, 185 ms
// of database time a search). The column is also what a walked item's kind filter is checked on
// (its row is read anyway), in place of a seek of moment_terms. As in 0063, the index's column is an
// expression that only the search's indexed condition names (moment-words.ts). A statement trigger
// on search_moments, the only writer of moments, keeps the column in the transaction that writes
// them: each changed item's words are gathered again from its moments (search_moments_item).
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  // A constant default: no table rewrite.
  await sql`alter table items add column moment_words tsvector not null default ''`.execute(db);
  await sql`update items set moment_words = held.words from (
      select item_id, array_to_tsvector(array_agg(distinct kind || ':' || term)) as words
      from moment_terms group by item_id) as held
    where items.id = held.item_id`.execute(db);
  await sql`create function items_moment_words() returns trigger language plpgsql as $$
    begin
      update items set moment_words = coalesce((
          select array_to_tsvector(array_agg(distinct m.kind || ':' || w))
          from search_moments m, unnest(string_to_array(m.words, ' ')) w
          where m.item_id = items.id), '')
        where items.id in (select item_id from changed);
      return null;
    end $$`.execute(db);
  for (const event of ['insert', 'delete']) {
    const table = sql.raw(event === 'insert' ? 'new' : 'old');
    await sql`create trigger ${sql.raw(`items_moment_words_${event}`)} after ${sql.raw(event)}
      on search_moments referencing ${table} table as changed
      for each statement execute function items_moment_words()`.execute(db);
  }
  for (const [index, vector] of [
    ['items_search_fields', 'search_vector'],
    ['items_title_fields', 'title_vector'],
  ] as const) {
    await sql`drop index ${sql.raw(index)}`.execute(db);
    await sql`create index ${sql.raw(index)} on items using gin (${sql.raw(vector)},
      (short_field_terms || '{}'::text[]), (moment_words || ''::tsvector))`.execute(db);
  }
  await sql`analyze items`.execute(db);
}
