import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILT_IN_FORMS } from '@skald/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.ts';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'skald-forms-migration-'));
const db = createDatabase({ dataDir: dir, readWorkers: 0 });
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('0016-metadata-forms', () => {
  it('gives a tenant made before forms existed every built-in form', async () => {
    await migrateTo(db, '0013-upload-location-virtual-clips');
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
    await migrateToLatest(db);
    const rows = await db
      .selectFrom('metadata_forms')
      .select(['form_key', 'built_in', 'active'])
      .where('tenant_id', '=', 'old-tenant')
      .orderBy('form_key')
      .execute();
    expect(rows).toEqual(
      BUILT_IN_FORMS.map((f) => ({ form_key: f.id, built_in: f.builtIn, active: 1 })).sort((a, b) =>
        a.form_key.localeCompare(b.form_key),
      ),
    );
  });
});
