import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type ItemFilter = ((eb: ExpressionBuilder<Database, 'items'>) => Expression<SqlBool>) | undefined;

export interface UsageItemRow {
  id: string;
  created_at: string;
  /** JSON { formId: { fieldId: value } }, or null when the item holds no form values. */
  forms: string | null;
}

/** What usage rules read of items: their ingest time and which forms they hold values of. */
export class UsageRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** The items of `ids` the filter lets through (live or in the recycle bin), with their form values. */
  async items(tenantId: string, ids: readonly string[], visible: ItemFilter): Promise<UsageItemRow[]> {
    if (ids.length === 0) return [];
    let q = this.#db
      .selectFrom('items')
      .leftJoin('item_metadata', (j) =>
        j.onRef('item_metadata.item_id', '=', 'items.id').on('item_metadata.tenant_id', '=', tenantId),
      )
      .select(['items.id', 'items.created_at', 'item_metadata.forms'])
      .where('items.tenant_id', '=', tenantId)
      .where('items.id', 'in', ids);
    if (visible) q = q.where(visible);
    return q.execute();
  }
}
