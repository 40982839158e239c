import { sql, type Kysely } from 'kysely';

// Items, folders, versions, their analysis states, history, uploads and downloads (issue 3).
// Text and integer columns (docs/decisions/0001), bigint for byte counts over 2 GiB; JSON in text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('forbidden_extensions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('parent_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_folded', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('visible_level', 'text')
    .addColumn('updatable_level', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('folders_parent')
    .on('folders')
    .columns(['tenant_id', 'parent_id', 'name_folded'])
    .execute();
  // One root per tenant: the only folder without a parent.
  await db.schema
    .createIndex('folders_one_root')
    .on('folders')
    .column('tenant_id')
    .unique()
    .where(sql.ref('parent_id'), 'is', null)
    .execute();

  // The groups of a 'selected_groups' visible-to or updatable-by list, of an item or a folder,
  // in rows so that visibility can be filtered inside a query.
  await db.schema
    .createTable('access_groups')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('access_groups_pk', ['subject_id', 'kind', 'group_id'])
    .execute();
  await db.schema
    .createIndex('access_groups_group')
    .on('access_groups')
    .columns(['tenant_id', 'group_id'])
    .execute();

  await db.schema
    .createTable('items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_folded', 'text', (c) => c.notNull())
    .addColumn('folder_id', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('visible_level', 'text')
    .addColumn('updatable_level', 'text')
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leading_version_id', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
  await db.schema
    .createIndex('items_folder')
    .on('items')
    .columns(['tenant_id', 'folder_id', 'deleted_at', 'title_folded'])
    .execute();
  await db.schema.createIndex('items_deleted').on('items').columns(['tenant_id', 'deleted_at']).execute();

  await db.schema
    .createTable('item_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text')
    .addColumn('mime_type', 'text')
    .addColumn('technical', 'text')
    .addColumn('renditions', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('item_versions_number', ['item_id', 'number'])
    .execute();

  await db.schema
    .createTable('item_analyses')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_message', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_analyses_pk', ['item_id', 'kind'])
    .execute();

  await db.schema
    .createTable('item_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('item_history_item')
    .on('item_history')
    .columns(['tenant_id', 'item_id', 'id'])
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('folder_id', 'text', (c) => c.notNull())
    .addColumn('target_item_id', 'text')
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('uploads_user').on('uploads').columns(['tenant_id', 'user_id', 'id']).execute();
  await db.schema.createIndex('uploads_state').on('uploads').columns(['state', 'updated_at']).execute();

  await db.schema
    .createTable('downloads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('downloads_user')
    .on('downloads')
    .columns(['tenant_id', 'user_id', 'id'])
    .execute();
}
