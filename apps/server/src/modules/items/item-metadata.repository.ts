import type { ItemMetadata } from '@skald/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { engineOf } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Transaction<Database> | Db;

/** An item's form values (table item_metadata), but Common's title and description, which are the item's columns. */
export class ItemMetadataRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async of(tenantId: string, itemId: string, on: Executor = this.#db): Promise<ItemMetadata> {
    const row = await on
      .selectFrom('item_metadata')
      .select('forms')
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.forms) as ItemMetadata) : {};
  }

  /** The stored values of many items at once (a share's, at most a few hundred), by item id. */
  async ofItems(tenantId: string, itemIds: readonly string[]): Promise<Map<string, ItemMetadata>> {
    if (itemIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('item_metadata')
      .select(['item_id', 'forms'])
      .where('tenant_id', '=', tenantId)
      .where('item_id', 'in', itemIds)
      .execute();
    return new Map(rows.map((r) => [r.item_id, JSON.parse(r.forms) as ItemMetadata]));
  }

  /**
   * Holds the item's row until the transaction ends, so two changes of one item's values are made one
   * after the other and neither is lost. SQLite runs one write transaction at a time already.
   */
  async lock(trx: Transaction<Database>, tenantId: string, itemId: string): Promise<void> {
    if (engineOf(trx as unknown as Kysely<unknown>) !== 'postgres') return;
    await trx
      .selectFrom('items')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', itemId)
      .forUpdate()
      .execute();
  }

  async put(trx: Executor, tenantId: string, itemId: string, forms: ItemMetadata, at: string): Promise<void> {
    await trx
      .insertInto('item_metadata')
      .values({ item_id: itemId, tenant_id: tenantId, forms: JSON.stringify(forms), updated_at: at })
      .onConflict((oc) => oc.column('item_id').doUpdateSet({ forms: JSON.stringify(forms), updated_at: at }))
      .execute();
  }
}
