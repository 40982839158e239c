import { sql, type Kysely } from 'kysely';

// Issue 12 §3 (bench/search.ts, METADATA=1, 1,000,000 items): the live items newest first with the
// id as the order's last key, so that a page's whole order (`created_at desc, id desc`) is the
// index's and the walk stops after the page. With `(tenant_id, created_at)` alone PostgreSQL sorted
// the matches, and when it guessed that few items match (a field's value within the expiring
// window of a usage rule: an estimate of one row) it read and checked every item of the window
// before sorting: 1.1 s for a page that now takes 12 ms. It replaces items_live_created, its prefix.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('items_live_created_id')
    .ifNotExists()
    .on('items')
    .columns(['tenant_id', 'created_at', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.dropIndex('items_live_created').ifExists().execute();
}
