import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

// Issue 14 §4, PostgreSQL only: each item holds the words of its indexed moments, each as
// `kind:word` (`speech:budsjett`), in `items.moment_words`, and each pair of neighbouring words of a
// moment as `kind:word word` (a phrase's words in a row) in `items.moment_pairs`: tsvectors without
// positions, whose GIN indexes also find the words a prefix starts. The text indexes of 0063 get
// `moment_words` as a third column, so a search of words and a kind filter (`hytte said:kamp`) finds
// the items holding both in one index scan, where it read every item the words match and looked the
// filter up in moment_terms for each (at 1,000,000 items with 100,000 transcripts: 19,553 body
// matches, 185 ms of database time a search). As in 0063, the index's column is an expression that
// only the search's conditions name (moment-words.ts). The pairs have an index of their own: a
// phrase of two common words is one lexeme there (`said:"vallée archive"`: 3,000 of 42,000 moments
// holding both words read to find their places, 227 ms). They are apart from the words so that
// an item's words stay small enough for its row. A statement trigger on search_moments, the only
// writer of moments, keeps the columns in the transaction that writes them: each changed item's
// words are gathered again from its moments (search_moments_item). An item whose words or pairs
// would not fit a tsvector (one over 1,000 bytes, or half a megabyte of them: PostgreSQL refuses
// 2 KB and 1 MB) holds `#overflow` in both and `moment_overflow`, and is searched by its moments.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  // Constant defaults: no table rewrite.
  await sql`alter table items add column moment_words tsvector not null default '',
    add column moment_pairs tsvector not null default '',
    add column moment_overflow boolean not null default false`.execute(db);
  // An item's lexemes: its moments' words, or (`pairs`) their pairs, or `#overflow`.
  await sql`create function skald_moment_lexemes(item text, pairs boolean) returns tsvector
    language sql stable as $$
      with lexemes as (
        select distinct m.kind || ':' || case when pairs then w.word || ' ' || w.next else w.word end
          as lexeme
        from search_moments m,
          lateral (select word, lead(word) over (order by n) as next
            from unnest(string_to_array(m.words, ' ')) with ordinality as t (word, n)) w
        where m.item_id = item and (not pairs or w.next is not null))
      select case
        when max(octet_length(lexeme)) > ${sql.lit(MAX_WORD_BYTES)}
          or sum(octet_length(lexeme)) > ${sql.lit(MAX_WORDS_BYTES)}
        then array_to_tsvector(array['#overflow'])
        else coalesce(array_to_tsvector(array_agg(lexeme)), '') end
      from lexemes
    $$`.execute(db);
  const gathered = sql`moment_words = w.words, moment_pairs = w.pairs,
    moment_overflow = w.words @@ '#overflow'::tsquery or w.pairs @@ '#overflow'::tsquery`;
  const lexemesOf = (ids: string) =>
    sql.raw(`select id, skald_moment_lexemes(id, false) as words, skald_moment_lexemes(id, true) as pairs
      from (${ids}) as ids (id)`);
  await sql`update items set ${gathered}
    from (${lexemesOf('select distinct item_id from search_moments')}) as w
    where items.id = w.id`.execute(db);
  // An item that overflows in either holds only the mark in both.
  await sql`update items set moment_words = '#overflow', moment_pairs = '#overflow'
    where moment_overflow`.execute(db);
  await sql`create function items_moment_words() returns trigger language plpgsql as $$
    begin
      update items set ${gathered}
        from (${lexemesOf('select distinct item_id from changed')}) as w
        where items.id = w.id;
      update items set moment_words = '#overflow', moment_pairs = '#overflow'
        where moment_overflow and items.id in (select item_id from changed);
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
  await sql`create index items_moment_pairs on items using gin (moment_pairs)`.execute(db);
  await sql`analyze items`.execute(db);
}

/** Bytes of one word (or pair) and of all of an item's, above which it holds only `#overflow`. */
const MAX_WORD_BYTES = 1_000;
const MAX_WORDS_BYTES = 500_000;
