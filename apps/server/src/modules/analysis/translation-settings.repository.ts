import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TenantTranslationProvidersTable } from '../../db/schema.ts';

export type TranslationProviderRow = Selectable<TenantTranslationProvidersTable>;

/** Spec §3 tenant config: the translation languages (on tenants) and the translation provider. */
export class TranslationSettingsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async languages(tenantId: string): Promise<{ primary: string; secondary: string | null }> {
    const row = await this.#db
      .selectFrom('tenants')
      .select(['translation_primary', 'translation_secondary'])
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return { primary: row.translation_primary, secondary: row.translation_secondary };
  }

  async setLanguages(tenantId: string, primary: string, secondary: string | null): Promise<void> {
    await this.#db
      .updateTable('tenants')
      .set({ translation_primary: primary, translation_secondary: secondary })
      .where('id', '=', tenantId)
      .execute();
  }

  async provider(tenantId: string): Promise<TranslationProviderRow | undefined> {
    return this.#db
      .selectFrom('tenant_translation_providers')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  }

  async setProvider(row: TranslationProviderRow): Promise<void> {
    await this.#db
      .insertInto('tenant_translation_providers')
      .values(row)
      .onConflict((oc) =>
        oc.column('tenant_id').doUpdateSet({
          kind: row.kind,
          base_url: row.base_url,
          sealed_key: row.sealed_key,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  async removeProvider(tenantId: string): Promise<void> {
    await this.#db.deleteFrom('tenant_translation_providers').where('tenant_id', '=', tenantId).execute();
  }
}
