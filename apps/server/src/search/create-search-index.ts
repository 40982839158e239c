import type { Config } from '../config.ts';
import { databaseEngine, type Db } from '../db/database.ts';
import { PostgresTextEngine } from './postgres-text-engine.ts';
import type { SearchIndex } from './search-request.ts';
import { SqlSearchIndex } from './sql-search-index.ts';
import { SqliteTextEngine } from './sqlite-text-engine.ts';
import { withinStatementBudget } from './statement-budget.ts';

/** How long one statement of a search may run on PostgreSQL (a search takes tens of ms). */
export const SEARCH_STATEMENT_TIMEOUT_MS = 5_000;

/**
 * The search engine of the configured database: FTS5 on SQLite (its reads run on the read workers,
 * never on the event loop: db/sqlite-driver.ts), tsvector + pg_trgm on PostgreSQL, each search in a
 * transaction with a statement budget.
 */
export function createSearchIndex(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>, db: Db): SearchIndex {
  const engine = databaseEngine({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  if (engine === 'sqlite') return new SqlSearchIndex(db, new SqliteTextEngine(db));
  return {
    search: (request) =>
      withinStatementBudget(db, SEARCH_STATEMENT_TIMEOUT_MS, (trx) =>
        new SqlSearchIndex(trx, new PostgresTextEngine(trx)).search(request),
      ),
  };
}
