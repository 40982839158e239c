import type { Kysely } from 'kysely';

// Bookmarks and saved searches (filters), private or system (spec §3, §6). Text and integer
// columns only (docs/decisions/0001).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bookmarks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    // The owner of a private bookmark, which goes with them; system bookmarks are the organisation's (null).
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    // System bookmarks only: 'everyone' | 'hidden' | 'selected_groups' (groups in bookmark_groups).
    .addColumn('visibility_level', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bookmarks_owner').on('bookmarks').columns(['tenant_id', 'owner_id']).execute();
  await db.schema.createIndex('bookmarks_scope').on('bookmarks').columns(['tenant_id', 'scope']).execute();

  // The groups of a 'selected_groups' system bookmark, in rows so the navigation filters in SQL.
  await db.schema
    .createTable('bookmark_groups')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('bookmark_id', 'text', (c) => c.notNull().references('bookmarks.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('bookmark_groups_pk', ['bookmark_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('bookmark_groups_group')
    .on('bookmark_groups')
    .columns(['tenant_id', 'group_id'])
    .execute();
}
