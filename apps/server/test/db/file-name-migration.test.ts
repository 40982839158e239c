import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.ts';
import { MIGRATIONS, migrateToLatest } from '../../src/db/migrate.ts';

// Migration 0014 on a library made before it (SQLite, a fresh file: PostgreSQL's test database is
// shared and already migrated; its generated columns follow the backfill by themselves).
const dataDir = mkdtempSync(path.join(tmpdir(), 'skald-0014-'));
const db = createDatabase({ dataDir, readWorkers: 1 });
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const at = '2026-01-01T00:00:00.000Z';
const item = (id: string, title: string, leading: string | null) => sql`insert into items
  (id, tenant_id, item_type, title, title_folded, folder_id, owner_id, created_by, leading_version_id,
   created_at, updated_at, search_title)
  values (${id}, 't1', 'image', ${title}, ${title.toLowerCase()}, 'f1', 'u1', 'u1', ${leading}, ${at}, ${at},
   ${title.toLowerCase()})`;
const version = (id: string, itemId: string, filename: string) => sql`insert into item_versions
  (id, tenant_id, item_id, number, filename, size, created_by, created_at)
  values (${id}, 't1', ${itemId}, 1, ${filename}, 1, 'u1', ${at})`;

describe('migration 0014: file names of the items made before it', () => {
  it('gives each item its leading version’s file name and indexes it, words and vocabulary', async () => {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve({ ...MIGRATIONS }) },
    });
    const before = await migrator.migrateTo('0013-upload-location-virtual-clips');
    expect(before.error).toBeUndefined();
    // Rows as the code of before wrote them; the tenant, folder and users do not matter here.
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    await item('i1', 'Evening light', null).execute(db);
    await version('v1', 'i1', 'harbour.jpg').execute(db);
    await sql`update items set leading_version_id = 'v1' where id = 'i1'`.execute(db);
    await item('i2', 'No file', null).execute(db);
    await sql`PRAGMA foreign_keys = ON`.execute(db);

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('items')
      .select(['id', 'file_name', 'search_file'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'i1', file_name: 'harbour.jpg', search_file: 'harbour jpg' },
      { id: 'i2', file_name: '', search_file: '' },
    ]);
    const matching = async (fts: string) =>
      (
        await sql<{ item_id: string }>`select d.item_id from items_fts
          join search_docs d on d.doc_id = items_fts.rowid where items_fts match ${fts}`.execute(db)
      ).rows.map((r) => r.item_id);
    expect(await matching('"harbour"')).toEqual(['i1']);
    expect(await matching('search_file : ("harbour jpg")')).toEqual(['i1']);
    expect(await matching('search_title : ("harbour")')).toEqual([]);
    expect(await matching('"evening"')).toEqual(['i1']);
    const terms = await db.selectFrom('search_terms').select('term').where('tenant_id', '=', 't1').execute();
    expect(terms.map((t) => t.term).sort()).toEqual(['harbour', 'jpg']);
  });
});
