import type { ItemMetadata } from '@skald/domain';
import type { Db } from '../../db/database.ts';

/** The folder view's default form values of each folder (table folder_form_defaults). */
export class FolderFormDefaultsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async of(tenantId: string, folderId: string): Promise<ItemMetadata> {
    const row = await this.#db
      .selectFrom('folder_form_defaults')
      .select('forms')
      .where('tenant_id', '=', tenantId)
      .where('folder_id', '=', folderId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.forms) as ItemMetadata) : {};
  }

  async put(tenantId: string, folderId: string, forms: ItemMetadata, by: string, at: string): Promise<void> {
    const columns = { forms: JSON.stringify(forms), updated_by: by, updated_at: at };
    await this.#db
      .insertInto('folder_form_defaults')
      .values({ folder_id: folderId, tenant_id: tenantId, ...columns })
      .onConflict((oc) => oc.column('folder_id').doUpdateSet(columns))
      .execute();
  }
}
