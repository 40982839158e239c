import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PooledSqliteDialect } from '../../src/db/sqlite-driver.ts';

interface Db {
  notes: { id: number; text: string };
}

const opened: { db: Kysely<Db>; dir: string }[] = [];

async function open(readWorkers: number, readsOnly = false): Promise<Kysely<Db>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'skald-sqlite-driver-'));
  const db = new Kysely<Db>({
    dialect: new PooledSqliteDialect(path.join(dir, 'test.db'), readWorkers, readsOnly),
  });
  opened.push({ db, dir });
  // The schema through a handle of its own (one that only reads cannot make it).
  const writer = readsOnly
    ? new Kysely<Db>({ dialect: new PooledSqliteDialect(path.join(dir, 'test.db'), 0) })
    : db;
  await writer.schema
    .createTable('notes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('text', 'text')
    .execute();
  if (readsOnly) await writer.insertInto('notes').values({ id: 1, text: 'written elsewhere' }).execute();
  if (writer !== db) await writer.destroy();
  return db;
}

afterEach(async () => {
  for (const { db, dir } of opened.splice(0)) {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

const texts = (db: Kysely<Db>) =>
  db
    .selectFrom('notes')
    .select('text')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.text));

/** A SELECT that takes a while: counting to a few million in a recursive CTE. */
const slowCount = (db: Kysely<Db>) =>
  db
    .selectFrom(
      sql<{
        n: number;
      }>`(with recursive c(n) as (select 1 union all select n + 1 from c where n < 3000000) select n from c)`.as(
        'c',
      ),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

describe('PooledSqliteDialect with read workers', () => {
  it('reads what was just committed (read-your-writes)', async () => {
    const db = await open(2);
    await db.insertInto('notes').values({ id: 1, text: 'first' }).execute();
    expect(await texts(db)).toEqual(['first']);
    await db
      .transaction()
      .execute((trx) => trx.insertInto('notes').values({ id: 2, text: 'second' }).execute());
    expect(await texts(db)).toEqual(['first', 'second']);
  });

  it('reads outside a transaction without waiting for it, and sees only what it committed', async () => {
    const db = await open(2);
    await db.insertInto('notes').values({ id: 1, text: 'before' }).execute();
    const seenDuring = await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 2, text: 'uncommitted' }).execute();
      // Inside: the transaction's own write. Outside (a read worker): the committed state, at once.
      expect(await texts(trx)).toEqual(['before', 'uncommitted']);
      return texts(db);
    });
    expect(seenDuring).toEqual(['before']);
    expect(await texts(db)).toEqual(['before', 'uncommitted']);
  });

  it('serializes writers: concurrent read-modify-write transactions lose no update', async () => {
    const db = await open(2);
    await db.insertInto('notes').values({ id: 1, text: '0' }).execute();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction().execute(async (trx) => {
          const { text } = await trx
            .selectFrom('notes')
            .select('text')
            .where('id', '=', 1)
            .executeTakeFirstOrThrow();
          await new Promise((resolve) => setImmediate(resolve));
          await trx
            .updateTable('notes')
            .set({ text: String(Number(text) + 1) })
            .where('id', '=', 1)
            .execute();
        }),
      ),
    );
    expect(await texts(db)).toEqual(['20']);
  });

  it('leaves the event loop free while a long SELECT runs', async () => {
    const db = await open(1);
    const order: string[] = [];
    const counting = slowCount(db).then(({ n }) => order.push(`counted ${n}`));
    await new Promise((resolve) => setTimeout(resolve, 0));
    order.push('timer');
    await counting;
    expect(order).toEqual(['timer', 'counted 3000000']);
  });

  it('answers a failing SELECT with its error and keeps reading', async () => {
    const db = await open(1);
    await expect(sql`select 1`.execute(db)).resolves.toBeDefined();
    await expect(
      db
        .selectFrom('notes')
        .select(sql`no_such_function()`.as('x'))
        .execute(),
    ).rejects.toThrow(/no such function/);
    expect(await texts(db)).toEqual([]);
  });

  it('neither keeps a script alive nor lets it end before closing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'skald-sqlite-driver-'));
    const script = path.join(import.meta.dirname, 'support', 'read-and-close.ts');
    const { stdout } = await promisify(execFile)(process.execPath, [script, dir], { timeout: 15_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(stdout.trim().split('\n')).toEqual(['read 1', 'closed']);
  });

  it('refuses queries once destroyed, after its workers have ended', async () => {
    const db = await open(2);
    await Promise.all([texts(db), texts(db), texts(db)]);
    await db.destroy();
    await expect(texts(db)).rejects.toThrow();
  });
});

describe('PooledSqliteDialect of a handle that only reads (the search’s)', () => {
  it('runs raw SQL on the read workers too, off the event loop, and refuses a write', async () => {
    const db = await open(1, true);
    const order: string[] = [];
    const counting = sql<{ n: number }>`with recursive c(n) as (select 1 union all select n + 1 from c
      where n < 3000000) select count(*) as n from c`
      .execute(db)
      .then(({ rows }) => order.push(`counted ${String(rows[0]?.n)}`));
    await new Promise((resolve) => setTimeout(resolve, 0));
    order.push('timer');
    await counting;
    expect(order).toEqual(['timer', 'counted 3000000']);
    expect((await sql<{ text: string }>`select text from notes`.execute(db)).rows).toEqual([
      { text: 'written elsewhere' },
    ]);
    await expect(sql`insert into notes (id, text) values (2, 'x')`.execute(db)).rejects.toThrow(/readonly/);
  });
});

describe('PooledSqliteDialect without read workers', () => {
  it('runs every query on the main thread, in order', async () => {
    const db = await open(0);
    await db.insertInto('notes').values({ id: 1, text: 'only' }).execute();
    expect(await texts(db)).toEqual(['only']);
    const order: string[] = [];
    const counting = slowCount(db).then(() => order.push('counted'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    order.push('timer');
    await counting;
    expect(order).toEqual(['counted', 'timer']);
  });
});
