import { Redis } from 'ioredis';
import pg from 'pg';
import { createDatabase } from '../../../src/db/database.ts';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import { randomToken } from '../../../src/lib/tokens.ts';

export interface IsolatedBackends {
  /** DATABASE_URL / REDIS_URL for the app and its child processes; empty on SQLite without Redis. */
  env: Record<string, string>;
  dispose: () => Promise<void>;
}

/**
 * These tests run media workers, which take every `media.process` job of their queue and, at start,
 * requeue every unfinished item of their database. On the run's shared PostgreSQL database or Redis
 * they would pick up (and fail) other test files' jobs, and other files' workers theirs. So with
 * DATABASE_URL set they get a fresh database on the same server (dropped afterwards), and with
 * REDIS_URL set a Redis database number of their own (emptied afterwards). SQLite needs nothing:
 * the test app's file is its own.
 */
export async function isolatedBackends(redisDb: number): Promise<IsolatedBackends> {
  const env: Record<string, string> = {};
  const cleanups: (() => Promise<void>)[] = [];
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    const suffix = randomToken(6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x');
    const name = `${(url.pathname.slice(1) || 'skald').slice(0, 50)}_${suffix}`;
    await onServer(databaseUrl, `create database "${name}"`);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    cleanups.push(() => onServer(databaseUrl, `drop database if exists "${name}" with (force)`));
    const db = createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: '' });
    await migrateToLatest(db);
    await db.destroy();
  }
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) {
    const url = new URL(redisUrl);
    url.pathname = `/${redisDb}`;
    env.REDIS_URL = url.toString();
    cleanups.push(async () => {
      const redis = new Redis(env.REDIS_URL ?? '');
      await redis.flushdb();
      redis.disconnect();
    });
  }
  return {
    env,
    dispose: async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

async function onServer(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
