import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.ts';
import { insertOldTenant, postgresMigrationTestDb } from '../support/migration-db.ts';

// Migration 0064 (PostgreSQL only): each item's moment words on its row, from the moments stored
// before it and kept by the trigger after.
const db = await postgresMigrationTestDb('moment-words-migration');

const item = (id: string) => sql`insert into items (id, tenant_id, item_type, title, title_folded,
  folder_id, owner_id, created_by, created_at, updated_at, search_title)
  values (${id}, 'old-tenant', 'video', ${id}, ${id}, 'f', 'u', 'u', '2026-01-01T00:00:00.000Z',
  '2026-01-01T00:00:00.000Z', ${id})`;
let source = 0;
const moment = (itemId: string, kind: string, words: string) => {
  source += 1;
  return sql`insert into search_moments (tenant_id, item_id, source_id, kind, start_ms, end_ms, text, words)
    values ('old-tenant', ${itemId}, ${`s-${String(source)}`}, ${kind}, 0, 1000, ${words}, ${words})`;
};

/** Each item's words and pairs (sorted), and whether they overflowed. */
const held = async (on: NonNullable<typeof db>) =>
  (
    await sql<{ id: string; words: string[]; pairs: string[]; overflow: boolean }>`select id,
      tsvector_to_array(moment_words) as words, tsvector_to_array(moment_pairs) as pairs,
      moment_overflow as overflow from items order by id`.execute(on)
  ).rows.map((r) => [r.id, [...r.words].sort(), [...r.pairs].sort(), r.overflow]);

describe.skipIf(db === null)('0064-item-moment-words', () => {
  it("holds each item's words and pairs of neighbouring words of the moments stored before it, by kind, and keeps them as moments come and go", async () => {
    if (!db) return;
    await migrateTo(db, '0063-text-field-indexes');
    await insertOldTenant(db);
    for (const id of ['item-a', 'item-b', 'item-c']) await item(id).execute(db);
    await moment('item-a', 'speech', 'hytte kamp hytte').execute(db);
    await moment('item-a', 'text', 'kamp').execute(db);
    await moment('item-b', 'label', 'car').execute(db);

    await migrateToLatest(db);
    expect(await held(db)).toEqual([
      [
        'item-a',
        ['speech:hytte', 'speech:kamp', 'text:kamp'],
        ['speech:hytte kamp', 'speech:kamp hytte'],
        false,
      ],
      ['item-b', ['label:car'], [], false],
      ['item-c', [], [], false],
    ]);

    // Several moments in one statement; one kind of an item removed; an item's last moment removed.
    await sql`insert into search_moments (tenant_id, item_id, source_id, kind, start_ms, end_ms, text, words)
      values ('old-tenant', 'item-c', 'c-1', 'speech', 0, 1000, 'regn', 'regn'),
        ('old-tenant', 'item-c', 'c-2', 'face', 0, 1000, 'ola nordmann', 'ola nordmann'),
        ('old-tenant', 'item-a', 'a-9', 'speech', 0, 1000, 'regn', 'regn')`.execute(db);
    await sql`delete from search_moments where item_id = 'item-a' and kind = 'speech'`.execute(db);
    await sql`delete from search_moments where item_id = 'item-b'`.execute(db);
    expect(await held(db)).toEqual([
      ['item-a', ['text:kamp'], [], false],
      ['item-b', [], [], false],
      ['item-c', ['face:nordmann', 'face:ola', 'speech:regn'], ['face:ola nordmann'], false],
    ]);

    // Words that would not fit a tsvector: the item holds only the mark, until they go.
    await moment('item-b', 'text', `kamp ${'x'.repeat(1_200)}`).execute(db);
    await sql`insert into search_moments (tenant_id, item_id, source_id, kind, start_ms, end_ms, text, words)
      select 'old-tenant', 'item-c', 'many-' || n, 'speech', n, n + 1, w, w
      from (select n, string_agg(md5(n::text || '-' || k::text), ' ') as w
        from generate_series(1, 40) n, generate_series(1, 400) k group by n) as words`.execute(db);
    expect((await held(db)).slice(1)).toEqual([
      ['item-b', ['#overflow'], ['#overflow'], true],
      ['item-c', ['#overflow'], ['#overflow'], true],
    ]);
    await sql`delete from search_moments where item_id = 'item-b'`.execute(db);
    expect((await held(db))[1]).toEqual(['item-b', [], [], false]);
  });
});
