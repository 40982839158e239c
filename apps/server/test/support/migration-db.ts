import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { scratchDatabase } from './worker-databases.ts';

/** A scratch SQLite database of its own for a migration test, removed after the file. */
export function migrationTestDb(name: string): Db {
  const dir = mkdtempSync(path.join(tmpdir(), `skald-${name}-`));
  const db = createDatabase({ dataDir: dir, readWorkers: 0 });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return db;
}

/**
 * A scratch PostgreSQL database of its own for a migration test (beside the run's, DATABASE_URL),
 * dropped after the file; null without DATABASE_URL.
 */
export async function postgresMigrationTestDb(name: string): Promise<Db | null> {
  const runUrl = process.env.DATABASE_URL;
  if (!runUrl) return null;
  const url = new URL(runUrl);
  url.pathname = `${url.pathname}_${name.replaceAll('-', '_')}`;
  await scratchDatabase(url.toString(), 'create');
  const db = createDatabase({ databaseUrl: url.toString(), dataDir: '' });
  afterAll(async () => {
    await db.destroy();
    await scratchDatabase(url.toString(), 'drop');
  });
  return db;
}

/** A tenant row as it was before the migration under test (id `old-tenant`). */
export async function insertOldTenant(db: Db): Promise<void> {
  await db
    .insertInto('tenants')
    .values({
      id: 'old-tenant',
      name: 'Old',
      name_folded: 'old',
      slug: 'old',
      timezone: 'Europe/Oslo',
      organisation_group_id: 'old-org',
      is_admin_tenant: 0,
      mfa_enforced: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      default_upload_folder_id: null,
    })
    .execute();
}
