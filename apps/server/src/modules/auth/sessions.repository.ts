import type { Db } from '../../db/database.ts';
import type { SessionsTable } from '../../db/schema.ts';

export class SessionsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: SessionsTable): Promise<void> {
    await this.#db.insertInto('sessions').values(row).execute();
  }

  /**
   * A session by its id, the hash of the cookie's token: the cookie is all a request has, and the
   * row names the tenant (an exception to the tenant-first rule; the token cannot be guessed).
   */
  async live(id: string, now: string): Promise<SessionsTable | undefined> {
    return this.#db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async delete(tenantId: string, id: string): Promise<void> {
    await this.#db.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async deleteAllOfUser(tenantId: string, userId: string): Promise<void> {
    await this.#db
      .deleteFrom('sessions')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .execute();
  }
}
