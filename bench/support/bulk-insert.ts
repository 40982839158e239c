// Seeding a bench library fast (issue 12 §3): many rows a statement, passed as one JSON array and
// unpacked by the database itself (SQLite json_each, PostgreSQL unnest of one array a column), so a
// statement costs one parameter however many rows it holds, and the rows are exactly those the
// app's repositories would write.
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.ts';
import { engineOf } from '../../apps/server/src/db/engine.ts';

type Row = Record<string, unknown>;

/** Rows a statement: large enough that the per-statement cost vanishes, small enough for the JSON. */
const ROWS_A_STATEMENT = 20_000;

/**
 * Inserts `rows` (all with the same keys) into `table`; `ignoreDuplicates` skips rows whose key is
 * already there (search_terms: the tenant's vocabulary).
 */
export async function bulkInsert(
  db: Db,
  table: string,
  rows: readonly Row[],
  ignoreDuplicates = false,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const postgres = engineOf(db as unknown as Kysely<unknown>) === 'postgres';
  const types = postgres ? await columnTypes(db, table) : null;
  for (let at = 0; at < rows.length; at += ROWS_A_STATEMENT) {
    const slice = rows.slice(at, at + ROWS_A_STATEMENT);
    if (types) {
      // One array a column: PostgreSQL unpacks them far faster than a JSON document of rows.
      const arrays = columns.map(
        (c) => sql`${slice.map((r) => r[c] ?? null)}::${sql.raw(`${types.get(c) ?? 'text'}[]`)}`,
      );
      await sql`insert into ${sql.table(table)} (${list}) select * from unnest(${sql.join(arrays)})
        ${ignoreDuplicates ? sql`on conflict do nothing` : sql``}`.execute(db);
    } else {
      const values = sql.join(columns.map((c) => sql`value ->> ${c}`));
      await sql`insert ${ignoreDuplicates ? sql`or ignore` : sql``} into ${sql.table(table)} (${list})
        select ${values} from json_each(${JSON.stringify(slice)})`.execute(db);
    }
  }
}

/** PostgreSQL: each column's type, for the arrays' casts. */
async function columnTypes(db: Db, table: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; type: string }>`select attname as name,
    format_type(atttypid, atttypmod) as type from pg_attribute
    where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`.execute(db);
  return new Map(rows.map((r) => [r.name, r.type]));
}

/**
 * Runs `load` with the field index's secondary indexes (and on PostgreSQL its primary key) dropped,
 * and builds them again after: one sort instead of millions of random inserts. SQLite keeps its
 * primary key (the table is WITHOUT ROWID); a large page cache keeps the pages that each term's
 * newest items are appended to.
 */
export async function withFieldIndexBuiltAfter(db: Db, load: () => Promise<void>): Promise<void> {
  const postgres = engineOf(db as unknown as Kysely<unknown>) === 'postgres';
  const secondary = await sql<{ name: string; definition: string }>`${
    postgres
      ? sql`select indexname as name, indexdef as definition from pg_indexes
          where tablename = 'item_field_terms' and indexname <> 'item_field_terms_pkey'`
      : sql`select name, sql as definition from sqlite_master
          where type = 'index' and tbl_name = 'item_field_terms' and sql is not null`
  }`.execute(db);
  for (const { name } of secondary.rows) await sql`drop index ${sql.ref(name)}`.execute(db);
  if (postgres) {
    await sql`alter table item_field_terms drop constraint item_field_terms_pkey`.execute(db);
  } else {
    await sql`pragma cache_size = -3000000`.execute(db);
  }
  await load();
  await db.transaction().execute(async (trx) => {
    if (postgres) {
      await sql`set local maintenance_work_mem = '1GB'`.execute(trx);
      await sql`alter table item_field_terms add primary key (tenant_id, field_key, term, item_id)`.execute(
        trx,
      );
    }
    for (const { definition } of secondary.rows) await sql.raw(definition).execute(trx);
  });
}
