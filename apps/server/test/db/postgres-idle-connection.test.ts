// A PostgreSQL connection the server ends while it sits idle in the pool (a restart, an
// administrator, a dropped database) must not end the process: the pool drops it and opens another.
// PostgreSQL only: run with DATABASE_URL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { waitFor } from '../durability/support/wait.ts';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('an idle PostgreSQL connection ended by the server', () => {
  let db: Db;
  let other: Db;
  beforeAll(() => {
    db = createDatabase({ databaseUrl, dataDir: '' });
    other = createDatabase({ databaseUrl, dataDir: '' });
  });
  afterAll(async () => {
    await db.destroy();
    await other.destroy();
  });

  it('is dropped from the pool with a warning, and the next query gets another', async () => {
    const warnings: string[] = [];
    const warned = (w: Error) => warnings.push(w.message);
    process.on('warning', warned);
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const pid = rows[0]?.pid;
      await sql`select pg_terminate_backend(${pid})`.execute(other);
      await waitFor(() => Promise.resolve(warnings.length > 0 ? true : undefined), 'the warning', 10_000);
      expect(warnings[0]).toMatch(/^PostgreSQL ended an idle connection: /);
      const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      expect(again.rows[0]?.pid).not.toBe(pid);
    } finally {
      process.off('warning', warned);
    }
  });
});
