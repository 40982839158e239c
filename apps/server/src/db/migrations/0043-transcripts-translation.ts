import { sql, type Kysely } from 'kysely';

// Issue 14: transcript revisions (item.updateTranscript keeps every edit), the tenant's primary
// and secondary translation language (spec §3 tenant config) and its translation provider for
// pairs Apertium does not translate offline, the key sealed like the speech provider's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transcript_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    // 1, 2, …: the highest is the transcript the item shows (its speech moments).
    .addColumn('revision', 'integer', (c) => c.notNull())
    // transcription (a speech provider heard it) | edit (a user wrote it)
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('provider', 'text')
    // JSON: the utterances with their timed words.
    .addColumn('segments', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('transcript_revisions_item_revision', ['tenant_id', 'item_id', 'revision'])
    .execute();

  await db.schema
    .alterTable('tenants')
    .addColumn('translation_primary', 'text', (c) => c.notNull().defaultTo(sql`'nb'`))
    .execute();
  await db.schema
    .alterTable('tenants')
    .addColumn('translation_secondary', 'text', (c) => c.defaultTo(sql`'nn'`))
    .execute();

  await db.schema
    .createTable('tenant_translation_providers')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    // libretranslate: POST {base_url}/translate | deepl: POST {base_url}/translate (v2)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('sealed_key', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
