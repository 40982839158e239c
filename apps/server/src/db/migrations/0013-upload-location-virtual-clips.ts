import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Spec §6: where uploads without a chosen folder go; null is the tenant's root. A deleted folder
  // clears the setting, so the root is the default again rather than a folder that is gone.
  await db.schema
    .alterTable('tenants')
    .addColumn('default_upload_folder_id', 'text', (c) => c.references('folders.id').onDelete('set null'))
    .execute();

  // A virtual clip: an item that plays a range of another item and has no file of its own
  // (packages/domain items/media-actions.ts). No foreign key yet: what becomes of a clip whose source
  // is deleted for good is decided by the issue that creates clips.
  await db.schema.alterTable('items').addColumn('clip_source_id', 'text').execute();
  await db.schema.alterTable('items').addColumn('clip_start_ms', 'integer').execute();
  await db.schema.alterTable('items').addColumn('clip_end_ms', 'integer').execute();
}
