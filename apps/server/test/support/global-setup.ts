import { createDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

/** With DATABASE_URL set, all test files share one PostgreSQL database: migrate it once, up front. */
export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const db = createDatabase({ databaseUrl: url, dataDir: '' });
  await migrateToLatest(db);
  await db.destroy();
}
