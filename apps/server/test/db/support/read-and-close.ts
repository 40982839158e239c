// Spawned by sqlite-driver.test.ts: a script whose only work is a few reads and closing the
// database. It must print both lines and end by itself.
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { PooledSqliteDialect } from '../../../src/db/sqlite-driver.ts';

const db = new Kysely<unknown>({
  dialect: new PooledSqliteDialect(path.join(process.argv[2] ?? '.', 'test.db'), 2),
});
await sql`create table t (x integer)`.execute(db);
const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
console.log(`read ${rows.length}`);
await Promise.all([1, 2, 3].map(() => db.selectNoFrom(sql<number>`1`.as('one')).execute()));
await db.destroy();
console.log('closed');
