import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import { GenericSqliteDialect } from 'kysely-generic-sqlite';
import pg from 'pg';
import type { Database } from './schema.ts';
import { createNodeSqliteExecutor } from './sqlite-executor.ts';

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
}

export function databaseEngine(options: DatabaseOptions): DbEngine {
  return options.databaseUrl ? 'postgres' : 'sqlite';
}

/** The embedded default is a SQLite file under DATA_DIR; DATABASE_URL switches to PostgreSQL. */
export function createDatabase(options: DatabaseOptions): Db {
  return new Kysely<Database>({ dialect: createDialect(options) });
}

function createDialect(options: DatabaseOptions): Dialect {
  if (options.databaseUrl) {
    return new PostgresDialect({
      pool: new pg.Pool({
        connectionString: options.databaseUrl,
        max: 10,
        types: postgresTypes(),
        // JIT compiles a plan the planner thinks is costly (a search over many matches that a LIMIT
        // stops early): it added 300 ms to queries that then ran in 20 (bench/search.ts). Pages are
        // costed as on SSDs: newest-first searches then walk the items in order instead of sorting
        // every match of a common word.
        options: '-c jit=off -c random_page_cost=1.1',
      }),
    });
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'skald.db');
  return new GenericSqliteDialect(() => createNodeSqliteExecutor(file));
}
