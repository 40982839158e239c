import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { startS3Server } from '../storage/s3-server.ts';
import { siblingDatabase, TEST_WORKERS, workerDatabaseUrl } from './worker-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when TEST_S3=1: every test app stores its blobs in this S3-compatible server. */
    s3: { endpoint: string; accessKeyId: string; secretAccessKey: string } | null;
  }
}

/**
 * With DATABASE_URL set, the test files of each worker share one PostgreSQL database (the run's, or
 * a sibling of it: support/worker-databases.ts): migrate them once, up front.
 * With TEST_S3=1 (CI's second pass), one s3rver serves as every test app's blob store.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  const workers = Array.from({ length: TEST_WORKERS }, (_, i) => i + 1);
  if (url) {
    await Promise.all(workers.filter((n) => n > 1).map((n) => siblingDatabase(url, n, 'create')));
    for (const n of workers) {
      const db = createDatabase({ databaseUrl: workerDatabaseUrl(url, n), dataDir: '' });
      await migrateToLatest(db);
      await db.destroy();
    }
  }
  const dropSiblings = async () => {
    if (url) await Promise.all(workers.filter((n) => n > 1).map((n) => siblingDatabase(url, n, 'drop')));
  };
  if (process.env.TEST_S3 !== '1') {
    project.provide('s3', null);
    return dropSiblings;
  }
  const s3 = await startS3Server();
  project.provide('s3', {
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
  return async () => {
    await s3.close();
    await dropSiblings();
  };
}
