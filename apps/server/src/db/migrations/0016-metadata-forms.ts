import { sql, type Kysely } from 'kysely';
import { builtInFormRows } from '../built-in-forms.ts';
import type { Database } from '../schema.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Spec §3 metadata forms: the form's id (its key in every item's values) is chosen by the
  // administrator and unique in the tenant, as is its label (spec §5 "A form with that name already
  // exists"). Everything else of the form is one JSON document, read and written whole.
  await db.schema
    .createTable('metadata_forms')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('form_key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('label_folded', 'text', (c) => c.notNull())
    .addColumn('built_in', 'text')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('metadata_forms_pk', ['tenant_id', 'form_key'])
    .addUniqueConstraint('metadata_forms_label', ['tenant_id', 'label_folded'])
    .execute();

  // Option lists (flat or tree) are shared by forms: a field names one by id.
  await db.schema
    .createTable('option_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_folded', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('option_lists_name', ['tenant_id', 'name_folded'])
    .execute();

  // An item's form values but the Common form's title and description, which stay on the item:
  // { formId: { fieldId: value } }. One row per item, written whole, so a change is atomic.
  await db.schema
    .createTable('item_metadata')
    .addColumn('item_id', 'text', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('forms', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Every tenant has the built-in forms from its first day (tenant-provisioning.ts for new ones).
  const tenants = await sql<{ id: string }>`select id from tenants`.execute(db);
  const now = new Date().toISOString();
  for (const { id } of tenants.rows) {
    await (db as Kysely<Database>).insertInto('metadata_forms').values(builtInFormRows(id, now)).execute();
  }
}
