import { DatabaseSync, type StatementSync, type SQLInputValue } from 'node:sqlite';
import type { QueryResult } from 'kysely';
import { LRUCache } from 'lru-cache';

/** One connection to the SQLite file: runs SQL with prepared statements reused. */
export interface SqliteConnection {
  run(sql: string, parameters: readonly unknown[]): QueryResult<unknown>;
  close(): void;
}

const toBigInt = (value: number | bigint): bigint => BigInt(value);

/**
 * Opens the database file with Node's built-in `node:sqlite` (docs/decisions/0002). The writer
 * puts the file in WAL mode, so the read-only connections of the read workers
 * (docs/decisions/0005) read beside it without waiting; busy_timeout waits out a concurrent writer
 * (another process on the same file) instead of failing at once. Reads go through a memory map of
 * the file (the OS page cache, shared by every connection and process) and a 64 MiB page cache: a
 * search touches thousands of random rows of a large library, and the default 2 MiB cache made it
 * several times slower (bench/search.ts).
 */
export function openSqlite(fileName: string, options: { readOnly?: boolean } = {}): SqliteConnection {
  const readOnly = options.readOnly ?? false;
  const db = new DatabaseSync(fileName, { readOnly });
  db.exec(
    (readOnly ? '' : 'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;') +
      ' PRAGMA busy_timeout = 5000; PRAGMA mmap_size = 17179869184; PRAGMA cache_size = -65536;',
  );
  const statements = new LRUCache<string, StatementSync>({ max: 500 });
  const prepare = (sql: string): StatementSync => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    run: (sql, parameters) => {
      const statement = prepare(sql);
      const args = parameters as SQLInputValue[];
      if (statement.columns().length > 0) return { rows: statement.all(...args) };
      const result = statement.run(...args);
      return {
        rows: [],
        insertId: toBigInt(result.lastInsertRowid),
        numAffectedRows: toBigInt(result.changes),
      };
    },
    close: () => {
      statements.clear();
      db.close();
    },
  };
}
