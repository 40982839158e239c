import { DatabaseSync, type StatementSync, type SQLInputValue } from 'node:sqlite';
import type { IGenericSqlite } from 'kysely-generic-sqlite';
import { parseBigInt } from 'kysely-generic-sqlite';
import { LRUCache } from 'lru-cache';

/** Adapts Node's built-in `node:sqlite` to kysely-generic-sqlite, with prepared statements reused. */
export function createNodeSqliteExecutor(fileName: string): IGenericSqlite<DatabaseSync> {
  const db = new DatabaseSync(fileName);
  // WAL lets readers proceed during a write; busy_timeout waits out a concurrent writer
  // (another process on the same file) instead of failing at once. Reads go through a memory map
  // of the file (the OS page cache, shared by every process) and a 64 MiB page cache: a search
  // touches thousands of random rows of a large library, and the default 2 MiB cache made it
  // several times slower (bench/search.ts).
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;' +
      ' PRAGMA mmap_size = 17179869184; PRAGMA cache_size = -65536;',
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
    db,
    query: (_isSelect, sql, parameters) => {
      const statement = prepare(sql);
      const args = parameters as SQLInputValue[];
      if (statement.columns().length > 0) {
        return { rows: statement.all(...args) };
      }
      const result = statement.run(...args);
      return {
        rows: [],
        insertId: parseBigInt(result.lastInsertRowid),
        numAffectedRows: parseBigInt(result.changes),
      };
    },
    close: () => {
      statements.clear();
      db.close();
    },
  };
}
