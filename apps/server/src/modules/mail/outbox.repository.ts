import type { Db } from '../../db/database.ts';
import type { Selectable } from 'kysely';
import type { MailOutboxTable } from '../../db/schema.ts';

export type OutboxRow = Selectable<MailOutboxTable>;

/**
 * The installation's mail queue: the dispatcher sends every tenant's mail (and mail of no tenant),
 * so its methods are not tenant-scoped — the exception to the tenant-first rule for a whole class.
 */
export class OutboxRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: Omit<MailOutboxTable, 'attempts'>): Promise<void> {
    await this.#db.insertInto('mail_outbox').values(row).execute();
  }

  async due(now: string, limit: number): Promise<OutboxRow[]> {
    return this.#db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
  }

  /** Takes a lease on one mail so that two processes never send it twice; false when another took it first. */
  async claim(row: OutboxRow, leaseUntil: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: leaseUntil })
      .where('id', '=', row.id)
      .where('next_attempt_at', '=', row.next_attempt_at)
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async markSent(id: string, at: string): Promise<void> {
    await this.#db
      .updateTable('mail_outbox')
      .set({ sent_at: at, last_error: null })
      .where('id', '=', id)
      .execute();
  }

  async markFailed(id: string, attempts: number, nextAttemptAt: string, error: string): Promise<void> {
    await this.#db
      .updateTable('mail_outbox')
      .set({ attempts, next_attempt_at: nextAttemptAt, last_error: error.slice(0, 1000) })
      .where('id', '=', id)
      .execute();
  }

  async byRecipient(toAddress: string): Promise<OutboxRow[]> {
    return this.#db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', toAddress)
      .orderBy('created_at')
      .execute();
  }
}
