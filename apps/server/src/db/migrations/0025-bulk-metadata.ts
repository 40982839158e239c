import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 12 §2 bulk metadata update: one row per request, read and advanced by its job. `processed`
  // and `skipped` move on in the same transaction as each batch of items, so a job run again after
  // a crash starts where the last committed batch ended and lists no item twice.
  await db.schema
    .createTable('bulk_metadata_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text')
    // The caller's permissions and groups when they asked (JSON), as the job checks each item.
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('item_ids', 'text', (c) => c.notNull())
    .addColumn('operations', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('skipped', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('bulk_metadata_runs_tenant')
    .on('bulk_metadata_runs')
    .columns(['tenant_id', 'created_at'])
    .execute();
}
