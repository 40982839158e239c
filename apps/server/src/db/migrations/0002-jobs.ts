import type { Kysely } from 'kysely';

// The embedded job queue (src/jobs/embedded-job-queue.ts). Text and integer columns only, so the
// same migration runs on SQLite and PostgreSQL (docs/decisions/0001).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_message', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    // NULL keys never collide on either engine, so jobs without a key are unconstrained.
    .addUniqueConstraint('jobs_idempotency', ['type', 'tenant_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['type', 'state', 'run_at']).execute();
  await db.schema.createIndex('jobs_updated').on('jobs').column('updated_at').execute();
  await db.schema.createIndex('jobs_tenant').on('jobs').columns(['tenant_id', 'created_at']).execute();
}
