import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { startS3Server } from '../storage/s3-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when TEST_S3=1: every test app stores its blobs in this S3-compatible server. */
    s3: { endpoint: string; accessKeyId: string; secretAccessKey: string } | null;
  }
}

/**
 * With DATABASE_URL set, all test files share one PostgreSQL database: migrate it once, up front.
 * With TEST_S3=1 (CI's second pass), one s3rver serves as every test app's blob store.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const db = createDatabase({ databaseUrl: url, dataDir: '' });
    await migrateToLatest(db);
    await db.destroy();
  }
  if (process.env.TEST_S3 !== '1') {
    project.provide('s3', null);
    return undefined;
  }
  const s3 = await startS3Server();
  project.provide('s3', {
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
  return s3.close;
}
