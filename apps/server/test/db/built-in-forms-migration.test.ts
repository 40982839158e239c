import { BUILT_IN_FORMS } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';
import { insertOldTenant, migrationTestDb } from '../support/migration-db.ts';

const db = migrationTestDb('forms-migration');

describe('0016-metadata-forms', () => {
  it('gives a tenant made before forms existed every built-in form', async () => {
    await migrateTo(db, '0013-upload-location-virtual-clips');
    await insertOldTenant(db);
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
