import type { Kysely } from 'kysely';

// Spec §3 "log event and timed metadata" (issue 12 §5): an event on an item's timeline, made with a
// metadata form (its type), with a text and that form's values. Text and integer columns only
// (docs/decisions/0001).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('log_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    // The form's id (metadata_forms.form_key); a form deleted later leaves its events readable.
    .addColumn('form_id', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'integer', (c) => c.notNull())
    .addColumn('end_ms', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    // The text folded (domain fold), which log event search matches on both engines alike.
    .addColumn('text_folded', 'text', (c) => c.notNull())
    // JSON { fieldId: value } of the form.
    .addColumn('field_values', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('log_events_item')
    .on('log_events')
    .columns(['tenant_id', 'item_id', 'start_ms'])
    .execute();
}
