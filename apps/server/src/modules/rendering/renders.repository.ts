import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { RendersTable } from '../../db/schema.ts';

export type RenderRow = Selectable<RendersTable>;

/** Subclips and sequence exports: which item was made from which range of which source, through which preset. */
export class RendersRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async byId(tenantId: string, id: string): Promise<RenderRow | undefined> {
    return this.#db
      .selectFrom('renders')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(on: Executor, row: Insertable<RendersTable>): Promise<void> {
    await on.insertInto('renders').values(row).execute();
  }

  /** The render that makes or made an item (its source and range), if one does. */
  async makingItem(tenantId: string, itemId: string): Promise<RenderRow | undefined> {
    return this.#db
      .selectFrom('renders')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('target_item_id', '=', itemId)
      .executeTakeFirst();
  }
}
