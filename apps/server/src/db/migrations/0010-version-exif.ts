import type { Kysely } from 'kysely';

// The EXIF a picture's processing read (JSON text, as exifr gives it, binary tags left out): kept
// whole on the version, so what the API presents of it can grow without processing pictures again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('item_versions').addColumn('exif', 'text').execute();
}
