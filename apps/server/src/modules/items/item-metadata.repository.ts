import { formsHeld, metadataTerms, type ItemMetadata } from '@skald/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { engineOf } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import { writeShortFieldTerms } from '../../db/short-field-terms.ts';

type Executor = Transaction<Database> | Db;

// Four parameters a row: well within both engines' limit on one statement's parameters.
const TERMS_PER_INSERT = 500;

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
    await this.lockAll(trx, tenantId, [itemId]);
  }

  /** lock() for several items, taken in id order so that two bulk updates never wait on each other in a circle. */
  async lockAll(trx: Transaction<Database>, tenantId: string, itemIds: readonly string[]): Promise<void> {
    if (engineOf(trx as unknown as Kysely<unknown>) !== 'postgres' || itemIds.length === 0) return;
    await trx
      .selectFrom('items')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', itemIds)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** The stored values of several items (those without any are left out). */
  async ofAll(
    trx: Executor,
    tenantId: string,
    itemIds: readonly string[],
  ): Promise<Map<string, ItemMetadata>> {
    if (itemIds.length === 0) return new Map();
    const rows = await trx
      .selectFrom('item_metadata')
      .select(['item_id', 'forms'])
      .where('tenant_id', '=', tenantId)
      .where('item_id', 'in', itemIds)
      .execute();
    return new Map(rows.map((r) => [r.item_id, JSON.parse(r.forms) as ItemMetadata]));
  }

  /**
   * Stores the item's values and, in the same transaction (`trx` must be one), replaces its rows of
   * the metadata field index, of the forms it holds (item_forms, the usage filter's) and, on
   * PostgreSQL, its short values on its own row (`items.short_field_terms`): a change is searchable
   * when it commits, and never before or without it.
   */
  async put(
    trx: Transaction<Database>,
    tenantId: string,
    itemId: string,
    forms: ItemMetadata,
    at: string,
  ): Promise<void> {
    await this.putAll(trx, tenantId, [{ itemId, forms }], at);
  }

  /** put() for several items, in a few statements (a bulk update's batch). */
  async putAll(
    trx: Transaction<Database>,
    tenantId: string,
    entries: readonly { itemId: string; forms: ItemMetadata }[],
    at: string,
  ): Promise<void> {
    if (entries.length === 0) return;
    await trx
      .insertInto('item_metadata')
      .values(
        entries.map((e) => ({
          item_id: e.itemId,
          tenant_id: tenantId,
          forms: JSON.stringify(e.forms),
          updated_at: at,
        })),
      )
      .onConflict((oc) =>
        oc.column('item_id').doUpdateSet((eb) => ({
          forms: eb.ref('excluded.forms'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
    const itemIds = entries.map((e) => e.itemId);
    await trx.deleteFrom('item_forms').where('item_id', 'in', itemIds).execute();
    const held = entries.flatMap((e) =>
      formsHeld(e.forms).map((formId) => ({ item_id: e.itemId, form_id: formId, tenant_id: tenantId })),
    );
    if (held.length > 0) await trx.insertInto('item_forms').values(held).execute();
    await trx.deleteFrom('item_field_terms').where('item_id', 'in', itemIds).execute();
    const terms = entries.map((e) => ({ tenantId, itemId: e.itemId, terms: metadataTerms(e.forms) }));
    const rows = terms.flatMap((e) =>
      e.terms.map((t) => ({ tenant_id: tenantId, item_id: e.itemId, field_key: t.fieldKey, term: t.term })),
    );
    for (let i = 0; i < rows.length; i += TERMS_PER_INSERT) {
      await trx
        .insertInto('item_field_terms')
        .values(rows.slice(i, i + TERMS_PER_INSERT))
        .execute();
    }
    if (engineOf(trx as unknown as Kysely<unknown>) === 'postgres') {
      await writeShortFieldTerms(trx as unknown as Kysely<unknown>, terms);
    }
  }
}
