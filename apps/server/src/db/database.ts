import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, type Dialect, type LogConfig } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { PooledSqliteDialect } from './sqlite-driver.ts';

export type Db = Kysely<Database>;

const INT8_OID = 20;

// Byte counts are bigint columns (files over 2 GiB); as numbers they stay exact up to 8 PiB.
function postgresTypes(): pg.TypeOverrides {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8_OID, Number);
  return types;
}
export type DbEngine = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite: the read workers (docs/decisions/0005); 0 runs every query on the main thread. */
  readWorkers?: number | undefined;
}

/** One read worker per core (SQLITE_READ_WORKERS in the README). */
export const defaultReadWorkers = (): number => availableParallelism();

export function databaseEngine(options: DatabaseOptions): DbEngine {
  return options.databaseUrl ? 'postgres' : 'sqlite';
}

/** The embedded default is a SQLite file under DATA_DIR; DATABASE_URL switches to PostgreSQL. */
export function createDatabase(options: DatabaseOptions): Db {
  return new Kysely<Database>({ dialect: createDialect(options) });
}

/**
 * A database handle of its own for searches, which only read: their long queries then never hold
 * up the short ones of every other request (the session, the identity, an item's page) in a line.
 * PostgreSQL: a pool of `connections` whose statements PostgreSQL cancels after
 * `statementTimeoutMs`, planned without parallel workers (on a busy server they only add processes
 * to start, and each search is short), kept open while idle for SEARCH_CONNECTION_IDLE_MS: a
 * fresh backend's first statements cost about 20 ms more at 1,000,000 items (12 ms for its first
 * look at `items`, planning 7 ms instead of 1.6, while its caches of the catalog fill), and pg
 * closed an idle one after 10 s, so a search after a pause, or at a rate that varies, kept paying
 * it. SQLite: `connections` read workers of its own, which run
 * every statement of the handle, raw SQL too. `log`: each statement as it runs
 * (bench/search-statements.ts).
 */
export function createSearchDatabase(
  options: DatabaseOptions,
  limits: { connections: number; statementTimeoutMs: number },
  log?: LogConfig,
): Db {
  if (!options.databaseUrl) {
    return new Kysely<Database>({ dialect: sqliteDialect(options.dataDir, limits.connections, true), log });
  }
  const settings = `-c statement_timeout=${limits.statementTimeoutMs} -c max_parallel_workers_per_gather=0`;
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: postgresPool(options.databaseUrl, limits.connections, settings, SEARCH_CONNECTION_IDLE_MS),
    }),
    log,
  });
}

/** How long the search's idle connections stay open (pg's default closes them after 10 s). */
const SEARCH_CONNECTION_IDLE_MS = 5 * 60_000;

function postgresPool(
  connectionString: string,
  max: number,
  settings = '',
  idleTimeoutMillis?: number,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis,
    types: postgresTypes(),
    // JIT compiles a plan the planner thinks is costly (a search over many matches that a LIMIT
    // stops early): it added 300 ms to queries that then ran in 20 (bench/search.ts). Pages are
    // costed as on SSDs: newest-first searches then walk the items in order instead of sorting
    // every match of a common word.
    options: `-c jit=off -c random_page_cost=1.1 ${settings}`.trim(),
  });
  // An idle connection that PostgreSQL ends (a restart, an administrator, a database dropped): the
  // pool drops that client and opens another when one is needed. Unheard, the pool's error event
  // would end the process (seen in the PostgreSQL server suite when a test's database was dropped).
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL ended an idle connection: ${error.message}`);
  });
  return pool;
}

function createDialect(options: DatabaseOptions): Dialect {
  if (options.databaseUrl) return new PostgresDialect({ pool: postgresPool(options.databaseUrl, 10) });
  return sqliteDialect(options.dataDir, options.readWorkers ?? defaultReadWorkers());
}

function sqliteDialect(dataDir: string, readWorkers: number, readsOnly = false): Dialect {
  mkdirSync(dataDir, { recursive: true });
  return new PooledSqliteDialect(path.join(dataDir, 'skald.db'), readWorkers, readsOnly);
}
