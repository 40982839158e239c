import type { Config } from '../config.ts';
import { databaseEngine, type Db } from '../db/database.ts';
import { PostgresTextEngine } from './postgres-text-engine.ts';
import type { SearchIndex } from './search-request.ts';
import { SqlSearchIndex } from './sql-search-index.ts';
import { SqliteTextEngine } from './sqlite-text-engine.ts';

/** The search engine of the configured database: FTS5 on SQLite, tsvector + pg_trgm on PostgreSQL. */
export function createSearchIndex(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>, db: Db): SearchIndex {
  const engine = databaseEngine({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  return new SqlSearchIndex(
    db,
    engine === 'postgres' ? new PostgresTextEngine(db) : new SqliteTextEngine(db),
  );
}
