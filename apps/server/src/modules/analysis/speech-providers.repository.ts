import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TenantSpeechProvidersTable } from '../../db/schema.ts';

export type SpeechProviderRow = Selectable<TenantSpeechProvidersTable>;

/** Each tenant's speech-to-text provider (tenant_speech_providers); none: the embedded default. */
export class SpeechProvidersRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async of(tenantId: string): Promise<SpeechProviderRow | undefined> {
    return this.#db
      .selectFrom('tenant_speech_providers')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  }

  async set(row: SpeechProviderRow): Promise<void> {
    await this.#db
      .insertInto('tenant_speech_providers')
      .values(row)
      .onConflict((oc) =>
        oc.column('tenant_id').doUpdateSet({
          kind: row.kind,
          base_url: row.base_url,
          model: row.model,
          sealed_key: row.sealed_key,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  async remove(tenantId: string): Promise<void> {
    await this.#db.deleteFrom('tenant_speech_providers').where('tenant_id', '=', tenantId).execute();
  }
}
