import { sql, type Kysely } from 'kysely';

// The groups an item or folder is visible to, copied onto its own row (' g1 g2 ', sorted, in
// `visible_groups`) beside `access_groups`, which stays the source of truth. The visibility filter
// then checks a column of the row instead of running a subquery for it: PostgreSQL costs such a
// subquery as if it ran for every row and, for it, turned searches that should walk a few
// thousand newest rows into bitmap scans of every match (bench/search.ts: 74 ms → 18 ms).
// AccessRepository writes the copy in the transaction that writes the groups.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['items', 'folders']) {
    await db.schema
      .alterTable(table)
      .addColumn('visible_groups', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // string_agg with ORDER BY: PostgreSQL, and SQLite since 3.44.
    await sql`update ${sql.table(table)} set visible_groups = coalesce((
        select ' ' || string_agg(group_id, ' ' order by group_id) || ' ' from access_groups
        where access_groups.subject_id = ${sql.ref(`${table}.id`)} and access_groups.kind = 'visibleTo'), '')
      where visible_level = 'selected_groups'`.execute(db);
  }
}
