import type { Config } from '../config.ts';
import { createBoundedDatabase, type Db } from '../db/database.ts';
import { PostgresTextEngine } from './postgres-text-engine.ts';
import { searchBusy } from './search-queue.ts';
import type { SearchIndex } from './search-request.ts';
import { SqlSearchIndex } from './sql-search-index.ts';
import { SqliteTextEngine } from './sqlite-text-engine.ts';

/** How long one statement of a search may run on PostgreSQL (a search takes tens of ms). */
export const SEARCH_STATEMENT_TIMEOUT_MS = 5_000;

/** PostgreSQL's error for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** A search whose statement PostgreSQL cancelled answers as a shed one. */
export function cancelledAsBusy(err: unknown): never {
  throw (err as { code?: unknown } | null)?.code === QUERY_CANCELED ? searchBusy() : err;
}

/**
 * The search engine of the configured database. SQLite: FTS5, whose reads run on the read workers,
 * never on the event loop (db/sqlite-driver.ts). PostgreSQL: tsvector + pg_trgm on a pool of its
 * own (one connection per search that may run at once), whose statements PostgreSQL cancels after
 * SEARCH_STATEMENT_TIMEOUT_MS: no search holds a connection for longer, and a cancelled one answers
 * as a shed one (503, try again later).
 */
export function createSearchIndex(
  config: Pick<Config, 'DATABASE_URL' | 'SEARCH_CONCURRENCY'>,
  db: Db,
): SearchIndex {
  if (config.DATABASE_URL === undefined) {
    const index = new SqlSearchIndex(db, new SqliteTextEngine(db));
    return { search: (request) => index.search(request), close: () => Promise.resolve() };
  }
  const searchDb = createBoundedDatabase(config.DATABASE_URL, {
    connections: config.SEARCH_CONCURRENCY,
    statementTimeoutMs: SEARCH_STATEMENT_TIMEOUT_MS,
  });
  const index = new SqlSearchIndex(searchDb, new PostgresTextEngine(searchDb));
  return {
    search: (request) => index.search(request).catch(cancelledAsBusy),
    close: () => searchDb.destroy(),
  };
}
