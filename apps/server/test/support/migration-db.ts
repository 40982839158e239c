import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';

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
