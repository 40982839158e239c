import type { Kysely } from 'kysely';

// Spec §3 Comment (with replies, a time range or picture region, an assignee) and account
// Notifications with the user's e-mail setting per kind (issue 13). Text and integer columns only
// (docs/decisions/0001).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    // A reply's comment; replies are one level deep.
    .addColumn('parent_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    // A deleted user's comments stay, without an author.
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    // The text folded (domain fold), which comment search matches on both engines alike.
    .addColumn('text_folded', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'integer')
    .addColumn('end_ms', 'integer')
    // A picture's region as JSON { x, y, width, height } in fractions of its size.
    .addColumn('region', 'text')
    .addColumn('assignee_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('edited_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_item')
    .on('comments')
    .columns(['tenant_id', 'item_id', 'parent_id', 'created_at'])
    .execute();
  await db.schema.createIndex('comments_parent').on('comments').columns(['parent_id']).execute();
  await db.schema
    .createIndex('comments_assignee')
    .on('comments')
    .columns(['tenant_id', 'assignee_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // NotificationPayload as JSON: the item, the comment, who did it, a quote.
    .addColumn('payload', 'text', (c) => c.notNull())
    // Makes one event notify once, however many API processes hear of it (a job's end).
    .addColumn('event_key', 'text')
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user')
    .on('notifications')
    .columns(['tenant_id', 'user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_event')
    .on('notifications')
    .columns(['user_id', 'event_key'])
    .unique()
    .execute();

  // The kinds a user turned e-mail off (or on again) for; no row: the default (on).
  await db.schema
    .createTable('notification_settings')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mail', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'kind'])
    .execute();
}
