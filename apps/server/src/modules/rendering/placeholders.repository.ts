import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { Database } from '../../db/schema.ts';
import type { RenderRow } from './renders.repository.ts';

/** The central render requests of placeholders: renders of kind 'central' whose target is the placeholder. */
export class PlaceholdersRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute(work);
  }

  async centralRequestOf(tenantId: string, itemId: string): Promise<RenderRow | undefined> {
    return this.#db
      .selectFrom('renders')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('target_item_id', '=', itemId)
      .where('kind', '=', 'central')
      .executeTakeFirst();
  }

  async deleteCentralRequests(on: Executor, tenantId: string, itemId: string): Promise<void> {
    await on
      .deleteFrom('renders')
      .where('tenant_id', '=', tenantId)
      .where('target_item_id', '=', itemId)
      .where('kind', '=', 'central')
      .execute();
  }
}
