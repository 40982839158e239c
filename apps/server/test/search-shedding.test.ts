import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RETRY_AFTER_SECONDS, SearchQueue } from '../src/search/search-queue.ts';
import { createDatabase, createSearchDatabase } from '../src/db/database.ts';
import { cancelledAsBusy } from '../src/search/create-search-index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestUser } from './support/factories.ts';
import { errorOf } from './support/responses.ts';

/** A task that runs until the test lets it end. */
function held<T>(value: T) {
  let release = () => {};
  const done = new Promise<T>((resolve) => {
    release = () => {
      resolve(value);
    };
  });
  return { task: () => done, release };
}

describe('SearchQueue', () => {
  it('runs up to its concurrency at once, lets the next ones wait in order, and refuses one more', async () => {
    const queue = new SearchQueue({ concurrency: 2, waitingLimit: 2 });
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => {
      const h = held(name);
      return { ...h, task: () => (started.push(name), h.task()) };
    });
    const answers = tasks.map((t) => queue.run(t.task));

    await expect(queue.run(() => Promise.resolve('e'))).rejects.toMatchObject({
      code: 'unavailable',
      status: 503,
      retryAfterSeconds: SEARCH_RETRY_AFTER_SECONDS,
    });
    expect(started).toEqual(['a', 'b']);

    tasks[0]?.release();
    await expect(answers[0]).resolves.toBe('a');
    expect(started).toEqual(['a', 'b', 'c']);
    for (const t of tasks) t.release();
    await expect(Promise.all(answers)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('takes a search again once the line has room', async () => {
    const queue = new SearchQueue({ concurrency: 1, waitingLimit: 0 });
    const first = held('first');
    const running = queue.run(first.task);
    await expect(queue.run(() => Promise.resolve('refused'))).rejects.toMatchObject({ code: 'unavailable' });

    first.release();
    await running;
    await expect(queue.run(() => Promise.resolve('taken'))).resolves.toBe('taken');
  });
});

describe('GET /api/v1/search beyond capacity', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_CONCURRENCY: '1', SEARCH_QUEUE_LIMIT: '0' });
    user = await makeUser(t, await makeTenant(t));
  });
  afterAll(async () => t.close());

  const search = () =>
    t.call({ method: 'GET', url: '/api/v1/search?searchString=news', cookie: user.cookie });

  it('answers 503 with Retry-After in the error shape while the line is full, and searches again after', async () => {
    const slot = held(undefined);
    const holding = t.services.searchQueue.run(slot.task);

    const refused = await search();

    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(SEARCH_RETRY_AFTER_SECONDS));
    expect(errorOf(refused)).toEqual({
      code: 'unavailable',
      message: 'Search is busy; try again in a moment',
    });

    slot.release();
    await holding;
    expect((await search()).statusCode).toBe(200);
  });

  it('still answers a search with a syntax error at once: parsing needs no place in line', async () => {
    const slot = held(undefined);
    const holding = t.services.searchQueue.run(slot.task);

    const res = await t.call({
      method: 'GET',
      url: '/api/v1/search?searchString=%22abc',
      cookie: user.cookie,
    });

    expect(res.statusCode).toBe(400);
    slot.release();
    await holding;
  });
});

describe('cancelledAsBusy', () => {
  it('answers a statement PostgreSQL cancelled (57014) as a shed search', () => {
    expect(() => cancelledAsBusy(Object.assign(new Error('canceling statement'), { code: '57014' }))).toThrow(
      expect.objectContaining({ code: 'unavailable', status: 503 }),
    );
  });

  it('lets any other error through', () => {
    const other = Object.assign(new Error('syntax'), { code: '42601' });
    expect(() => cancelledAsBusy(other)).toThrow(other);
  });
});

describe.runIf(process.env.DATABASE_URL)('createSearchDatabase (PostgreSQL)', () => {
  const bounded = () =>
    createSearchDatabase(
      { databaseUrl: process.env.DATABASE_URL, dataDir: '' },
      { connections: 2, statementTimeoutMs: 50 },
    );

  it('cancels a statement over its budget', async () => {
    const db = bounded();
    try {
      await expect(sql`select pg_sleep(5)`.execute(db)).rejects.toMatchObject({ code: '57014' });
    } finally {
      await db.destroy();
    }
  });

  it('plans without parallel workers, and leaves the main pool unbounded', async () => {
    const db = bounded();
    const main = createDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '' });
    try {
      const settings = sql<{
        timeout: string;
        workers: string;
      }>`select current_setting('statement_timeout') as timeout,
        current_setting('max_parallel_workers_per_gather') as workers`;
      expect((await settings.execute(db)).rows[0]).toEqual({ timeout: '50ms', workers: '0' });
      expect((await settings.execute(main)).rows[0]?.timeout).toBe('0');
    } finally {
      await db.destroy();
      await main.destroy();
    }
  });
});
