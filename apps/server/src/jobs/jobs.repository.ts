import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { JobsTable } from '../db/schema.ts';

export type JobRow = Selectable<JobsTable>;

/** The run a worker holds: every write about it is fenced on both, so a worker whose lease was taken over writes nothing. */
export interface Lease {
  id: string;
  owner: string;
  attempt: number;
}

/**
 * SQL of the embedded job queue. Reads for callers take the tenant id first; the worker-side
 * methods (due, claim, lease writes, changedSince) work across tenants by design: a worker
 * runs every tenant's jobs of its type.
 */
export class JobsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** False when a job with the same (type, tenant, idempotency key) already exists. */
  async insert(row: JobsTable): Promise<boolean> {
    const result = await this.#db
      .insertInto('jobs')
      .values(row)
      .onConflict((oc) => oc.columns(['type', 'tenant_id', 'idempotency_key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async idByKey(tenantId: string, type: string, idempotencyKey: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('jobs')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('type', '=', type)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    return row?.id;
  }

  async byId(tenantId: string, id: string): Promise<JobRow | undefined> {
    return this.#db
      .selectFrom('jobs')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Jobs a worker may take now: queued and due, or active with a lease that ran out (their worker is gone). */
  async due(type: string, now: string, limit: number): Promise<JobRow[]> {
    return this.#db
      .selectFrom('jobs')
      .selectAll()
      .where('type', '=', type)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('state', '=', 'active'), eb('lease_expires_at', '<', now)]),
        ]),
      )
      .orderBy('background')
      .orderBy('run_at')
      .limit(limit)
      .execute();
  }

  /** Whether a job of one of these types is due or running (a lease not yet run out). */
  async anyDueOrRunning(types: readonly string[], now: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('jobs')
      .select('id')
      .where('type', 'in', types)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('state', '=', 'active'), eb('lease_expires_at', '>=', now)]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Starts the next run of a job seen by `due`. The update only matches while the row is as it
   * was seen (state, attempts, lease), so of two workers racing for it exactly one gets 1 row.
   */
  async claim(seen: JobRow, owner: string, now: string, leaseUntil: string): Promise<boolean> {
    const result = await this.#unchangedSince(seen)
      .set({
        state: 'active',
        attempts: seen.attempts + 1,
        lease_owner: owner,
        lease_expires_at: leaseUntil,
        progress: 0,
        progress_message: null,
        updated_at: now,
      })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Fails a job whose last allowed run was lost (its lease ran out), with the same race guard as `claim`. */
  async failLost(seen: JobRow, message: string, now: string): Promise<boolean> {
    const result = await this.#unchangedSince(seen)
      .set({
        state: 'failed',
        last_error: message,
        lease_expires_at: null,
        finished_at: now,
        updated_at: now,
      })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  #unchangedSince(seen: JobRow) {
    return this.#db
      .updateTable('jobs')
      .where('id', '=', seen.id)
      .where('state', '=', seen.state)
      .where('attempts', '=', seen.attempts)
      .where('lease_expires_at', seen.lease_expires_at === null ? 'is' : '=', seen.lease_expires_at);
  }

  async renewLease(lease: Lease, now: string, leaseUntil: string): Promise<boolean> {
    return this.#updateHeld(lease, { lease_expires_at: leaseUntil, updated_at: now });
  }

  async saveProgress(
    lease: Lease,
    progress: number,
    message: string | null,
    now: string,
    leaseUntil: string,
  ): Promise<boolean> {
    return this.#updateHeld(lease, {
      progress,
      progress_message: message,
      lease_expires_at: leaseUntil,
      updated_at: now,
    });
  }

  async complete(lease: Lease, now: string): Promise<boolean> {
    return this.#updateHeld(lease, {
      state: 'completed',
      progress: 100,
      last_error: null,
      lease_expires_at: null,
      finished_at: now,
      updated_at: now,
    });
  }

  async scheduleRetry(lease: Lease, error: string, runAt: string, now: string): Promise<boolean> {
    return this.#updateHeld(lease, {
      state: 'queued',
      run_at: runAt,
      last_error: error,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: now,
    });
  }

  async fail(lease: Lease, error: string, now: string): Promise<boolean> {
    return this.#updateHeld(lease, {
      state: 'failed',
      last_error: error,
      lease_expires_at: null,
      finished_at: now,
      updated_at: now,
    });
  }

  async #updateHeld(lease: Lease, values: Partial<JobsTable>): Promise<boolean> {
    const result = await this.#db
      .updateTable('jobs')
      .set(values)
      .where('id', '=', lease.id)
      .where('state', '=', 'active')
      .where('lease_owner', '=', lease.owner)
      .where('attempts', '=', lease.attempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Rows of these types that other workers changed since `since` (running, completed or failed), for live events. */
  async changedSince(types: string[], since: string, exceptOwner: string): Promise<JobRow[]> {
    return this.#db
      .selectFrom('jobs')
      .selectAll()
      .where('type', 'in', types)
      .where('updated_at', '>=', since)
      .where('state', 'in', ['active', 'completed', 'failed'])
      .where('lease_owner', '<>', exceptOwner)
      .orderBy('updated_at')
      .execute();
  }
}
