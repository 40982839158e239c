import { workerDatabaseUrl, workerRedisUrl } from './worker-databases.ts';

// Each worker's test files use that worker's own PostgreSQL and Redis databases
// (support/global-setup.ts, support/worker-databases.ts).
const worker = Number(process.env.VITEST_POOL_ID ?? 1);
if (process.env.DATABASE_URL) process.env.DATABASE_URL = workerDatabaseUrl(process.env.DATABASE_URL, worker);
if (process.env.REDIS_URL) process.env.REDIS_URL = workerRedisUrl(process.env.REDIS_URL, worker);
