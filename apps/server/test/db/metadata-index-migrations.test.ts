import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';
import { insertOldTenant, migrationTestDb } from '../support/migration-db.ts';

const db = migrationTestDb('metadata-index-migrations');

describe('0024-metadata-search and 0037-item-forms', () => {
  it('index the values stored before them: their terms, and the forms each item holds values of (not an emptied one)', async () => {
    await migrateTo(db, '0023-shares');
    await insertOldTenant(db);
    for (const id of ['item-a', 'item-b']) {
      await sql`insert into items (id, tenant_id, item_type, title, title_folded, folder_id, owner_id,
        created_by, created_at, updated_at) values (${id}, 'old-tenant', 'video', 'T', 't', 'f', 'u', 'u',
        '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(db);
    }
    await db
      .insertInto('item_metadata')
      .values([
        {
          item_id: 'item-a',
          tenant_id: 'old-tenant',
          forms: JSON.stringify({ news: { story: 'Storm' }, rights: {} }),
          updated_at: '2026-01-01T00:00:00.000Z',
        },
        {
          item_id: 'item-b',
          tenant_id: 'old-tenant',
          forms: JSON.stringify({ rights: { holder: 'NTB' }, news: { story: 'Calm' } }),
          updated_at: '2026-01-01T00:00:00.000Z',
        },
      ])
      .execute();
    await migrateToLatest(db);
    const rows = await db
      .selectFrom('item_forms')
      .select(['item_id', 'form_id', 'tenant_id'])
      .orderBy('item_id')
      .orderBy('form_id')
      .execute();
    expect(rows).toEqual([
      { item_id: 'item-a', form_id: 'news', tenant_id: 'old-tenant' },
      { item_id: 'item-b', form_id: 'news', tenant_id: 'old-tenant' },
      { item_id: 'item-b', form_id: 'rights', tenant_id: 'old-tenant' },
    ]);
    const terms = await db
      .selectFrom('item_field_terms')
      .select(['item_id', 'field_key', 'term'])
      .where('term', 'not like', '#%')
      .orderBy('item_id')
      .orderBy('term')
      .execute();
    expect(terms).toEqual([
      { item_id: 'item-a', field_key: 'story', term: 'storm' },
      { item_id: 'item-b', field_key: 'story', term: 'calm' },
      { item_id: 'item-b', field_key: 'holder', term: 'ntb' },
    ]);
  });
});
