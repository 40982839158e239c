import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

// PostgreSQL: statistics for the expressions that a search driven by the text index checks its
// matches with, `item_type || ''` and `owner_id || ''` (sql-search-index.ts: written so, no index
// answers them). Without statistics the planner gave each the default selectivity of 0.5 %: a
// search for a common word of one type looked a hundred times rarer than it was, so it read every
// match through a bitmap and sorted them (380 ms at 1M items) instead of walking the items newest
// first until the page was full (26 ms). SQLite needs nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`create statistics items_type_checked on ((item_type || '')) from items`.execute(db);
  await sql`create statistics items_owner_checked on ((owner_id || '')) from items`.execute(db);
  await sql`analyze items`.execute(db);
}
