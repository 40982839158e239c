import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Spec §2 upload view: the form values the uploader set, written to the item when the file
  // arrives (JSON { formId: { fieldId: value } }, checked when the upload was created).
  await db.schema.alterTable('uploads').addColumn('form_values', 'text').execute();

  // The folder view's default form values for items uploaded into the folder (same JSON shape).
  await db.schema
    .createTable('folder_form_defaults')
    .addColumn('folder_id', 'text', (c) => c.primaryKey().references('folders.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('forms', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Spec §3 EXIF mapping: a path in a picture's EXIF (as stored per version, 0010) to a form field.
  // One mapping per field, so a field is never filled from two places.
  await db.schema
    .createTable('exif_mappings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('exif_path', 'text', (c) => c.notNull())
    .addColumn('form_key', 'text', (c) => c.notNull())
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('exif_mappings_field', ['tenant_id', 'form_key', 'field_id'])
    .execute();
}
