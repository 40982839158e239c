import { workerDatabaseUrl, workerRedisUrl } from './worker-databases.ts';

// Each worker's test files use that worker's own PostgreSQL and Redis databases
// (support/global-setup.ts, support/worker-databases.ts). The files of a worker share its process
// (isolate: false), so this runs before each of them there: the run's own URLs are kept aside the
// first time, and every file's are made from them.
const worker = Number(process.env.VITEST_POOL_ID ?? 1);
const runDatabase = process.env.SKALD_RUN_DATABASE_URL ?? process.env.DATABASE_URL;
const runRedis = process.env.SKALD_RUN_REDIS_URL ?? process.env.REDIS_URL;
if (runDatabase) {
  process.env.SKALD_RUN_DATABASE_URL = runDatabase;
  process.env.DATABASE_URL = workerDatabaseUrl(runDatabase, worker);
}
if (runRedis) {
  process.env.SKALD_RUN_REDIS_URL = runRedis;
  process.env.REDIS_URL = workerRedisUrl(runRedis, worker);
}
