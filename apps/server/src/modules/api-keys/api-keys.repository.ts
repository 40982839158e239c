import type { Db } from '../../db/database.ts';
import type { ApiKeysTable } from '../../db/schema.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';

export type ApiKeyRow = ApiKeysTable;
export type ApiKeyPatch = Partial<Pick<ApiKeyRow, 'label' | 'active' | 'expires_at' | 'max_inactive_days'>>;

export class ApiKeysRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: ApiKeyRow): Promise<void> {
    await this.#db.insertInto('api_keys').values(row).execute();
  }

  /** Lookup by the public identifier embedded in the key: the one query that is not tenant-scoped, because the key names its tenant. */
  async byIdentifier(identifier: string): Promise<ApiKeyRow | undefined> {
    return this.#db
      .selectFrom('api_keys')
      .selectAll()
      .where('identifier', '=', identifier)
      .executeTakeFirst();
  }

  async byId(tenantId: string, userId: string, keyId: string): Promise<ApiKeyRow | undefined> {
    return this.#db
      .selectFrom('api_keys')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('id', '=', keyId)
      .executeTakeFirst();
  }

  async listOfUser(tenantId: string, userId: string, q: Paging): Promise<Page<ApiKeyRow>> {
    const base = this.#db
      .selectFrom('api_keys')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId);
    const [items, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(q.from)
        .limit(q.itemsPerPage)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    ]);
    return { items, total: Number(count?.n ?? 0), ...q };
  }

  async idsOfUser(tenantId: string, userId: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('api_keys')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Any update resets the unused timer (spec §4). */
  async update(tenantId: string, keyId: string, patch: ApiKeyPatch): Promise<void> {
    const now = nowIso();
    await this.#db
      .updateTable('api_keys')
      .set({ ...patch, updated_at: now, timer_reset_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', keyId)
      .execute();
  }

  async touch(tenantId: string, keyId: string, at: string): Promise<void> {
    await this.#db
      .updateTable('api_keys')
      .set({ last_used_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', keyId)
      .execute();
  }

  async delete(tenantId: string, keyId: string): Promise<void> {
    await this.#db.deleteFrom('api_keys').where('tenant_id', '=', tenantId).where('id', '=', keyId).execute();
  }
}
