import type { Config } from '../config.ts';
import { createSearchDatabase } from '../db/database.ts';
import { PostgresTextEngine } from './postgres-text-engine.ts';
import { searchBusy } from './search-queue.ts';
import type { SearchIndex } from './search-request.ts';
import { SqlSearchIndex } from './sql-search-index.ts';
import { SqliteTextEngine } from './sqlite-text-engine.ts';
import { postgresMomentEngine, sqliteMomentEngine } from './moment-engines.ts';

/** How long one statement of a search may run on PostgreSQL (a search takes tens of ms). */
export const SEARCH_STATEMENT_TIMEOUT_MS = 5_000;

/** PostgreSQL's error for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** A search whose statement PostgreSQL cancelled answers as a shed one. */
export function cancelledAsBusy(err: unknown): never {
  throw (err as { code?: unknown } | null)?.code === QUERY_CANCELED ? searchBusy() : err;
}

/**
 * The search engine of the configured database, on a database handle of its own
 * (createSearchDatabase): SQLite's FTS5 on read workers that only searches use, never on the event
 * loop; PostgreSQL's tsvector + pg_trgm on a pool whose statements PostgreSQL cancels after
 * SEARCH_STATEMENT_TIMEOUT_MS, so no search holds a connection for longer (a cancelled one answers
 * as a shed one: 503, try again later). One connection or worker per search that may run at once.
 */
export function createSearchIndex(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'SEARCH_CONCURRENCY'>,
): SearchIndex {
  const db = createSearchDatabase(
    { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR },
    { connections: config.SEARCH_CONCURRENCY, statementTimeoutMs: SEARCH_STATEMENT_TIMEOUT_MS },
  );
  const engine = config.DATABASE_URL === undefined ? new SqliteTextEngine(db) : new PostgresTextEngine(db);
  const sqlite = config.DATABASE_URL === undefined;
  const index = new SqlSearchIndex(db, engine, sqlite ? sqliteMomentEngine : postgresMomentEngine);
  return {
    search: (request) => index.search(request).catch(cancelledAsBusy),
    close: () => db.destroy(),
  };
}
