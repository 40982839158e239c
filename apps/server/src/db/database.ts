import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
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
 * PostgreSQL: a pool of its own for work that must not hold a connection for long (searches): its
 * connections cancel any statement after `statementTimeoutMs`, and plan without parallel workers
 * (on a busy server they only add processes to start; each search is short).
 */
export function createBoundedDatabase(
  databaseUrl: string,
  options: { connections: number; statementTimeoutMs: number },
): Db {
  const settings = `-c statement_timeout=${options.statementTimeoutMs} -c max_parallel_workers_per_gather=0`;
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: postgresPool(databaseUrl, options.connections, settings) }),
  });
}

function postgresPool(connectionString: string, max: number, settings = ''): pg.Pool {
  return new pg.Pool({
    connectionString,
    max,
    types: postgresTypes(),
    // JIT compiles a plan the planner thinks is costly (a search over many matches that a LIMIT
    // stops early): it added 300 ms to queries that then ran in 20 (bench/search.ts). Pages are
    // costed as on SSDs: newest-first searches then walk the items in order instead of sorting
    // every match of a common word.
    options: `-c jit=off -c random_page_cost=1.1 ${settings}`.trim(),
  });
}

function createDialect(options: DatabaseOptions): Dialect {
  if (options.databaseUrl) return new PostgresDialect({ pool: postgresPool(options.databaseUrl, 10) });
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'skald.db');
  return new PooledSqliteDialect(file, options.readWorkers ?? defaultReadWorkers());
}
