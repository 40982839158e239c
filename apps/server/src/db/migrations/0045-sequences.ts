import type { Kysely } from 'kysely';

// Spec §1 clip lists (item type sequence) and their export through a preset (issue 15).
export async function up(db: Kysely<unknown>): Promise<void> {
  // A sequence item's clips in order: a frame range of a video item each (`in_frame` included,
  // `out_frame` excluded, in the source's own frames).
  await db.schema
    .createTable('sequence_clips')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('sequence_item_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('source_item_id', 'text', (c) => c.notNull())
    .addColumn('in_frame', 'integer', (c) => c.notNull())
    .addColumn('out_frame', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sequence_clips_pk', ['tenant_id', 'sequence_item_id', 'position'])
    .execute();
  await db.schema
    .createIndex('sequence_clips_source')
    .on('sequence_clips')
    .columns(['tenant_id', 'source_item_id'])
    .execute();
  // A sequence export keeps the clip list as it was asked for (JSON list of
  // { sourceItemId, inFrame, outFrame }): a later edit of the sequence does not change a render under way.
  await db.schema.alterTable('renders').addColumn('clips', 'text').execute();
}
