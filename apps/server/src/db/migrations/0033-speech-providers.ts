import type { Kysely } from 'kysely';

// A tenant's speech-to-text provider (spec §3 tenant config: "speech-to-text providers with
// keys"; issue 14): an OpenAI-compatible service, its key sealed like MFA secrets (SecretBox).
// No row: the embedded default (pocketsphinx).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenant_speech_providers')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    // openai: POST {base_url}/audio/transcriptions
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('sealed_key', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
