import type { Kysely } from 'kysely';

// A background job (EnqueueOptions.background: an analysis started by an upload or a folder's
// setting, not by a person) is claimed after every due job of its type that someone waits for
// (an analysis started from its button). The due index leads with the same order the workers
// claim in, so a backlog of background jobs is not sorted on every claim pass.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('background', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('jobs_due').execute();
  await db.schema
    .createIndex('jobs_due')
    .on('jobs')
    .columns(['type', 'state', 'background', 'run_at'])
    .execute();
}
