import type { Db } from '../../db/database.ts';
import type { CodePurpose, OneTimeCodesTable } from '../../db/schema.ts';

export type CodeRow = OneTimeCodesTable;

export class CodesRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: CodeRow): Promise<void> {
    await this.#db.insertInto('one_time_codes').values(row).execute();
  }

  /** The newest live code of a purpose for a user (a new request supersedes older codes). */
  async latestLive(
    tenantId: string,
    userId: string,
    purpose: CodePurpose,
    now: string,
  ): Promise<CodeRow | undefined> {
    return this.#db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /**
   * Codes that carry their own lookup (sign-in links, reset tokens) are found by their hash alone:
   * the link is all the caller has, and the row names the tenant (an exception to the tenant-first
   * rule; the hash of a 256-bit secret cannot be guessed).
   */
  async liveByHash(purpose: CodePurpose, codeHash: string, now: string): Promise<CodeRow | undefined> {
    return this.#db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Marks a code used; false when someone else used it first, so a code works exactly once. */
  async consume(tenantId: string, id: string, now: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('one_time_codes')
      .set({ used_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recordFailedAttempt(tenantId: string, id: string, attempts: number): Promise<void> {
    await this.#db
      .updateTable('one_time_codes')
      .set({ attempts })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async revokeAll(tenantId: string, userId: string, purpose: CodePurpose, now: string): Promise<void> {
    await this.#db
      .updateTable('one_time_codes')
      .set({ used_at: now })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }
}
