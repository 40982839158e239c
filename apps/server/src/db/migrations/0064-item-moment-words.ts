import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

// Issue 14 §4, PostgreSQL only: each item holds the words of its indexed moments, each as
// `kind:word` (`speech:budsjett`), and each pair of neighbouring words of a moment as
// `kind:word word` (a phrase's words in a row), in `items.moment_words` (a tsvector without
// positions: its GIN index also finds the words a prefix starts), and the text indexes of 0063 get
// them as a third column. A search of words and a kind filter (`hytte said:kamp`) then finds the items
// holding both in one index scan, where it read every item the words match and looked the filter up
// in moment_terms for each (at 1,000,000 items with 100,000 transcripts: 19,553 body matches, 185 ms
// of database time a search). The column is also what a walked item's kind filter is checked on
// (its row is read anyway), in place of a seek of moment_terms. As in 0063, the index's column is an
// expression that only the search's indexed condition names (moment-words.ts). A statement trigger
// on search_moments, the only writer of moments, keeps the column in the transaction that writes
// them: each changed item's words are gathered again from its moments (search_moments_item). An
// item whose words would not fit a tsvector (a word over 1,000 bytes, or half a megabyte of them:
// PostgreSQL refuses 2 KB and 1 MB) holds only `#overflow`, and is searched by its moments
// (moment-words.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  // A constant default: no table rewrite.
  await sql`alter table items add column moment_words tsvector not null default ''`.execute(db);
  await sql`create function skald_item_moment_words(item text) returns tsvector
    language sql stable as $$
      with lexemes as (
        select distinct m.kind || ':' || v.lexeme as lexeme
        from search_moments m,
          lateral (select word, lead(word) over (order by n) as next
            from unnest(string_to_array(m.words, ' ')) with ordinality as t (word, n)) w,
          lateral (values (w.word), (w.word || ' ' || w.next)) as v (lexeme)
        where m.item_id = item and v.lexeme is not null)
      select case
        when max(octet_length(lexeme)) > ${sql.lit(MAX_WORD_BYTES)}
          or sum(octet_length(lexeme)) > ${sql.lit(MAX_WORDS_BYTES)}
        then array_to_tsvector(array['#overflow'])
        else coalesce(array_to_tsvector(array_agg(lexeme)), '') end
      from lexemes
    $$`.execute(db);
  await sql`update items set moment_words = skald_item_moment_words(id)
    where id in (select distinct item_id from search_moments)`.execute(db);
  await sql`create function items_moment_words() returns trigger language plpgsql as $$
    begin
      update items set moment_words = skald_item_moment_words(items.id)
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

/** Bytes of one word (or pair) and of all of an item's, above which it holds only `#overflow`. */
const MAX_WORD_BYTES = 1_000;
const MAX_WORDS_BYTES = 500_000;
