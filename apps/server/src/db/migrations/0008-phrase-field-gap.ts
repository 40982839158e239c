import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

// PostgreSQL: `search_vector` again, with a one-position gap between the title's words and the
// description's. Concatenating tsvectors numbers the right one's words on from the left one's last,
// so a phrase of the title's last word and the description's first matched wherever the phrase
// pairs (0007) do not decide: under OR and NOT, in a group. FTS5 keeps its columns apart, and
// docs/SEARCH.md promises the same of both engines. The gap is a placeholder lexeme, deleted
// again: the GIN index holds exactly the words it held, so no lookup or estimate changes. '|' is
// no word of ours (searchTokens keeps letters and digits only), so deleting it deletes nothing
// else. The column is rebuilt (PostgreSQL 15 cannot change a generation expression), in the
// migration's transaction; its statistics go with it, hence ANALYZE. SQLite's FTS5 needs nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`alter table items drop column if exists search_vector,
    add column search_vector tsvector generated always as (ts_delete(
      setweight(to_tsvector('simple', search_title), 'A') || $$'|':1$$::tsvector ||
      setweight(to_tsvector('simple', search_description), 'B'), '|')) stored`.execute(db);
  await sql`create index items_search_vector on items using gin (search_vector)`.execute(db);
  await sql`alter table items alter column search_vector set statistics 1000`.execute(db);
  await sql`analyze items (search_vector)`.execute(db);
}
