import type { Db } from '../../db/database.ts';
import type { SignInFailuresTable } from '../../db/schema.ts';

export type SignInFailuresRow = SignInFailuresTable;

/** Consecutive failed guesses per account (see SignInBackoff). */
export class SignInFailuresRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async of(tenantId: string, account: string): Promise<SignInFailuresRow | undefined> {
    return this.#db
      .selectFrom('sign_in_failures')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('account', '=', account)
      .executeTakeFirst();
  }

  /**
   * Counts one more failure in one statement, so that processes failing at once each count (a
   * run whose last failure is older than `forgetBefore` starts again at 1); answers the count.
   */
  async addFailure(tenantId: string, account: string, at: string, forgetBefore: string): Promise<number> {
    const row = await this.#db
      .insertInto('sign_in_failures')
      .values({ tenant_id: tenantId, account, failures: 1, last_failure_at: at, locked_until: null })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'account']).doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('sign_in_failures.last_failure_at', '<', forgetBefore)
            .then(1)
            .else(eb('sign_in_failures.failures', '+', 1))
            .end(),
          last_failure_at: at,
        })),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return row.failures;
  }

  /** Locks until `until` unless a racing failure already locked for longer. */
  async lockUntil(tenantId: string, account: string, until: string): Promise<void> {
    await this.#db
      .updateTable('sign_in_failures')
      .set({ locked_until: until })
      .where('tenant_id', '=', tenantId)
      .where('account', '=', account)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', until)]))
      .execute();
  }

  async clear(tenantId: string, account: string): Promise<void> {
    await this.#db
      .deleteFrom('sign_in_failures')
      .where('tenant_id', '=', tenantId)
      .where('account', '=', account)
      .execute();
  }

  /** Rows whose run is forgotten anyway, so addresses strangers typed do not pile up. */
  async purge(tenantId: string, forgetBefore: string): Promise<void> {
    await this.#db
      .deleteFrom('sign_in_failures')
      .where('tenant_id', '=', tenantId)
      .where('last_failure_at', '<', forgetBefore)
      .execute();
  }
}
