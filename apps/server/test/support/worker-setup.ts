import { workerDatabaseUrl } from './worker-databases.ts';

// Each worker's test files use that worker's own PostgreSQL database (support/global-setup.ts).
if (process.env.DATABASE_URL) {
  process.env.DATABASE_URL = workerDatabaseUrl(
    process.env.DATABASE_URL,
    Number(process.env.VITEST_POOL_ID ?? 1),
  );
}
