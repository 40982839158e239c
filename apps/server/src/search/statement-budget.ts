import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { searchBusy } from './search-queue.ts';

/** PostgreSQL's error for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/**
 * PostgreSQL: runs `work` in a read-only transaction whose statements PostgreSQL cancels after
 * `timeoutMs`, so that no search holds a connection of the pool for longer (each of its queries is
 * bounded by the query language's limits, but a loaded server slows them all). A cancelled search
 * answers as a shed one: 503, try again later.
 */
export async function withinStatementBudget<T>(
  db: Db,
  timeoutMs: number,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(trx);
        return work(trx);
      });
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code === QUERY_CANCELED) throw searchBusy();
    throw err;
  }
}
