import type { Kysely } from 'kysely';

// What a version's processing needs to be repeatable and a promote to be complete:
// - `media_job_id`: the version's current media job. The next run's idempotency key names the job
//   it follows, so a rerun (promote, reprocess, the start-up sweep) after a finished or failed job
//   queues a new one, while callers racing to rerun the same job still share one.
// - `item_type`: the type of this version's content (guessed at upload, settled by the pipeline),
//   which the item takes whenever this version leads.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('item_versions').addColumn('media_job_id', 'text').execute();
  await db.schema.alterTable('item_versions').addColumn('item_type', 'text').execute();
}
