import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';
import { insertOldTenant, migrationTestDb } from '../support/migration-db.ts';

// Migration 0061 on a library made before it (SQLite: PostgreSQL has no doc ids and keeps its table).
const db = migrationTestDb('moment-terms-migration');

const item = (id: string, title: string) => sql`insert into items (id, tenant_id, item_type, title,
  title_folded, folder_id, owner_id, created_by, created_at, updated_at, search_title)
  values (${id}, 'old-tenant', 'video', ${title}, ${title}, 'f', 'u', 'u', '2026-01-01T00:00:00.000Z',
  '2026-01-01T00:00:00.000Z', ${title})`;
const moment = (itemId: string, words: string) => sql`insert into search_moments
  (tenant_id, item_id, source_id, kind, start_ms, end_ms, text, words)
  values ('old-tenant', ${itemId}, ${`s-${itemId}`}, 'speech', 0, 1000, ${words}, ${words})`;

/** Each row of moment_terms with its item's doc id, as it holds it and as search_docs gives it. */
const docIds = async () =>
  (
    await sql<{ item_id: string; term: string; held: number; given: number }>`select t.item_id, t.term,
      t.item_doc_id as held, d.doc_id as given from moment_terms t join search_docs d on d.item_id = t.item_id
      order by t.item_id, t.term`.execute(db)
  ).rows;

describe('0061-moment-terms-item-doc', () => {
  it("gives each word of the moments stored before it its item's doc id, and so do the moments after", async () => {
    await migrateTo(db, '0060-moment-terms');
    await insertOldTenant(db);
    await item('item-a', 'first').execute(db);
    await item('item-b', 'second').execute(db);
    await moment('item-b', 'hytte kamp').execute(db);
    await moment('item-a', 'kamp').execute(db);

    await migrateToLatest(db);
    const held = await docIds();
    expect(held.map((r) => [r.item_id, r.term])).toEqual([
      ['item-a', 'kamp'],
      ['item-b', 'hytte'],
      ['item-b', 'kamp'],
    ]);
    for (const row of held) expect(row.held).toBe(row.given);

    // A moment indexed after it, an item renamed (its doc id stays), a moment gone.
    await item('item-c', 'third').execute(db);
    await moment('item-b', 'regn').execute(db);
    await moment('item-c', 'regn').execute(db);
    await sql`update items set search_title = 'renamed' where id = 'item-b'`.execute(db);
    await sql`delete from search_moments where item_id = 'item-a'`.execute(db);
    const after = await docIds();
    expect(after.map((r) => [r.item_id, r.term])).toEqual([
      ['item-b', 'hytte'],
      ['item-b', 'kamp'],
      ['item-b', 'regn'],
      ['item-c', 'regn'],
    ]);
    for (const row of after) expect(row.held).toBe(row.given);
  });
});
