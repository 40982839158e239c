import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

// Issue 12 §3, PostgreSQL only: the text indexes again, each with the item's short field values
// (`items.short_field_terms`, 0062) as a second column, so that a search of words and a field value
// (`minister language:nb`) finds the items holding both in one index scan, the rarer side leading
// and the other skipped through, instead of reading every item the words match to check the value
// on its row: at 1,000,000 items, a word in 5.6 % of them (1.3 % in titles) and a language of a
// quarter took 66 ms, 22 ms so (the title tier's page read 3,200 rows instead of 12,800).
// The second column is an expression (the values with nothing added), which only the search's
// 'indexed row' condition names, beside words (metadata-condition.ts): a field value alone is never
// looked up here, where the planner, offered the column itself, built the list of a value of a tenth
// of the items (18 ms) for a page that the newest items fill. `analyze` takes the expression's
// statistics (how common each value is), which that condition is planned by. The single-column
// indexes stay: smaller, so cheaper for words alone, which are most searches.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`create index items_search_fields on items
    using gin (search_vector, (short_field_terms || '{}'::text[]))`.execute(db);
  await sql`create index items_title_fields on items
    using gin (title_vector, (short_field_terms || '{}'::text[]))`.execute(db);
  await sql`analyze items`.execute(db);
}
