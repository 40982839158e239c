import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * How many test files run at once. Most of an integration test's time is spent waiting (ffmpeg,
 * the database, child processes), so more files than cores keep the cores busy.
 */
export const TEST_WORKERS = Number(process.env.TEST_WORKERS ?? 3);

/**
 * The PostgreSQL database of the n-th worker (from 1): the run's own for the first, a sibling for
 * each other, so files running at once never share the installation-wide queues (`jobs`,
 * `mail_outbox`) that an app's worker drains.
 */
export function workerDatabaseUrl(runUrl: string, n: number): string {
  if (n <= 1) return runUrl;
  const url = new URL(runUrl);
  url.pathname = `${url.pathname}_w${n}`;
  return url.toString();
}

/** Makes (afresh) or drops the sibling database of the n-th worker. */
export async function siblingDatabase(runUrl: string, n: number, action: 'create' | 'drop'): Promise<void> {
  await scratchDatabase(workerDatabaseUrl(runUrl, n), action);
}

/** Makes (afresh) or drops the PostgreSQL database of `databaseUrl`. */
export async function scratchDatabase(databaseUrl: string, action: 'create' | 'drop'): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const run = (sql: string) => execFileAsync('psql', [admin.toString(), '-qc', sql]);
  await run(`drop database if exists "${name}" with (force)`);
  if (action === 'create') await run(`create database "${name}"`);
}

/**
 * The Redis database of the n-th worker (from 1): the run's index + n − 1, so apps of files running
 * at once never take each other's jobs from the shared queues (`skald-jobs:*`).
 */
export function workerRedisUrl(runUrl: string, n: number): string {
  const url = new URL(runUrl);
  url.pathname = `/${Number(url.pathname.slice(1) || 0) + n - 1}`;
  return url.toString();
}
