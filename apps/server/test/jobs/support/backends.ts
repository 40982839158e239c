import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createDatabase, type Db } from '../../../src/db/database.ts';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import { BullmqJobQueue } from '../../../src/jobs/bullmq-job-queue.ts';
import { EmbeddedJobQueue } from '../../../src/jobs/embedded-job-queue.ts';
import type { JobQueue, JobQueueOptions } from '../../../src/jobs/job-queue.ts';
import { randomToken } from '../../../src/lib/tokens.ts';

/** Tests make up a fresh job type per test (see uniqueType), all carrying this payload. */
export interface TestPayload {
  n: number;
}
export type TestPayloads = Record<string, TestPayload>;
export type TestQueue = JobQueue<TestPayloads>;

/** Short timings so that retries, leases and stalls play out in well under a second or two. */
export const FAST: JobQueueOptions = {
  leaseMs: 2_000,
  pollIntervalMs: 50,
  backoff: { baseMs: 100, maxMs: 2_000, jitter: 0 },
  closeTimeoutMs: 5_000,
};

export interface QueueFactory {
  /** A new queue instance on the same store: another process, as far as the queue can tell. */
  create: (options?: JobQueueOptions) => TestQueue;
  /** What a child process needs to open the same store (see crash-worker.ts). */
  childEnv: Record<string, string>;
  dispose: () => Promise<void>;
}

export interface Backend {
  name: string;
  open: () => Promise<QueueFactory>;
}

function tracking(
  make: (options: JobQueueOptions) => TestQueue,
): Pick<QueueFactory, 'create'> & { closeAll: () => Promise<void> } {
  const made: TestQueue[] = [];
  return {
    create: (options = {}) => {
      const queue = make({ ...FAST, ...options });
      made.push(queue);
      return queue;
    },
    // A test that failed half-way may leave a handler waiting: do not wait for it.
    closeAll: async () => {
      await Promise.all(made.map((q) => q.close(200)));
    },
  };
}

const embedded: Backend = {
  name: process.env.DATABASE_URL ? 'the embedded queue on PostgreSQL' : 'the embedded queue on SQLite',
  open: async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'skald-jobs-'));
    const databaseUrl = process.env.DATABASE_URL;
    const db: Db = createDatabase({ databaseUrl, dataDir });
    // With DATABASE_URL the global setup has migrated the run's database already.
    if (!databaseUrl) await migrateToLatest(db);
    const queues = tracking((options) => new EmbeddedJobQueue<TestPayloads>(db, options));
    return {
      create: queues.create,
      childEnv: {
        JOB_BACKEND: 'embedded',
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      dispose: async () => {
        await queues.closeAll();
        await db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

const bullmq = (redisUrl: string): Backend => ({
  name: 'BullMQ on Redis',
  open: () => {
    const prefix = `skald-test-${randomToken(6)}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'skald-jobs-'));
    const queues = tracking((options) => new BullmqJobQueue<TestPayloads>({ ...options, redisUrl, prefix }));
    return Promise.resolve({
      create: queues.create,
      childEnv: { JOB_BACKEND: 'bullmq', REDIS_URL: redisUrl, JOB_PREFIX: prefix, DATA_DIR: dataDir },
      dispose: async () => {
        await queues.closeAll();
        await deleteKeys(redisUrl, `${prefix}:*`);
        rmSync(dataDir, { recursive: true, force: true });
      },
    });
  },
});

async function deleteKeys(redisUrl: string, pattern: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** The embedded queue always; BullMQ too when REDIS_URL is set (the CI's second pass). */
export const backends: Backend[] = [
  embedded,
  ...(process.env.REDIS_URL ? [bullmq(process.env.REDIS_URL)] : []),
];
