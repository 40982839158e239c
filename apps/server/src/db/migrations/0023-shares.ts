import type { Kysely } from 'kysely';

// Shares and upload requests by link (spec §1, §3 Share, §4, §5; issue 13). Text and integer
// columns only (docs/decisions/0001).
export async function up(db: Kysely<unknown>): Promise<void> {
  // §3 tenant config share limits; null: §9's defaults apply.
  await db.schema.alterTable('tenants').addColumn('share_max_valid_days', 'integer').execute();
  await db.schema.alterTable('tenants').addColumn('share_max_views', 'integer').execute();

  await db.schema
    .createTable('shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull()) // 'share' | 'uploadRequest'
    // SHA-256 of the link's token (32 random bytes); the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The token sealed with SECRET_KEY (AES-256-GCM), so its owner can copy or mail the link again.
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Unique views of a share, files of an upload request.
    .addColumn('max_uses', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('download', 'text') // null: no downloads; 'proxy' | 'original'
    .addColumn('allow_metadata', 'integer', (c) => c.notNull().defaultTo(0))
    // A shared folder, or the folder an upload request fills.
    .addColumn('folder_id', 'text', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('revoked_at', 'text')
    // Wrong passwords of the current window (per share, whatever the address).
    .addColumn('password_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_window_start', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shares_owner').on('shares').columns(['tenant_id', 'owner_id']).execute();

  await db.schema
    .createTable('share_items')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('share_id', 'text', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('share_items_pk', ['share_id', 'item_id'])
    .execute();

  // A visitor is a browser: a random id in a cookie, kept here as its SHA-256.
  await db.schema
    .createTable('share_visitors')
    .addColumn('share_id', 'text', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('unlocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('share_visitors_pk', ['share_id', 'visitor_hash'])
    .execute();

  // E-mail history: every address a share was sent to, with the custom message.
  await db.schema
    .createTable('share_emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('share_id', 'text', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('share_emails_share').on('share_emails').columns(['share_id']).execute();

  // The uploads an upload request's visitors started: only their visitor may go on with one.
  await db.schema
    .createTable('share_uploads')
    .addColumn('upload_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('share_id', 'text', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
