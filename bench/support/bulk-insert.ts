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
      // One array a column: PostgreSQL unpacks them far faster than a JSON document of rows. A
      // column that is itself an array of text (items.short_field_terms) goes as one JSON array a
      // row: the rows' arrays differ in length, which one array of arrays cannot hold.
      const isArray = (c: string) => types.get(c)?.endsWith('[]') === true;
      const arrays = columns.map((c) =>
        isArray(c)
          ? sql`${slice.map((r) => JSON.stringify(r[c] ?? []))}::jsonb[]`
          : sql`${slice.map((r) => r[c] ?? null)}::${sql.raw(`${types.get(c) ?? 'text'}[]`)}`,
      );
      const values = columns.map((c) =>
        isArray(c) ? sql`array(select jsonb_array_elements_text(u.${sql.ref(c)}))` : sql`u.${sql.ref(c)}`,
      );
      await sql`insert into ${sql.table(table)} (${list}) select ${sql.join(values)}
        from unnest(${sql.join(arrays)}) as u (${list})
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

/** The tables whose secondary indexes a bulk load drops and builds again after it. */
const REBUILT = ['items', 'item_field_terms', 'item_metadata', 'item_forms', 'access_groups'];

/** Where a bulk load writes the field index's rows (SQLite: a scratch table, sorted into place after). */
export interface BulkLoad {
  fieldTermsTable: string;
}

/**
 * Runs `load` as a bulk load and leaves the database as the app's own writes would: the same rows,
 * tables and indexes. During it the secondary indexes of the big tables (and on PostgreSQL the field
 * index's primary key) are dropped and built once after, from one sort each, instead of taking
 * millions of random inserts; nothing waits for the disk (SQLite: the journal in memory, synchronous off;
 * PostgreSQL: asynchronous commit), and no foreign key is checked row by row (the rows are made
 * consistent; PostgreSQL's `session_replication_role = replica` skips only those checks, it has no
 * other trigger). SQLite keeps the field index's primary key (the table is WITHOUT ROWID, its key is
 * the table), so its rows go to a scratch table first and into the index in key order at the end:
 * appended rather than inserted at random, 64M of them at 1M items.
 *
 * SQLite: `db` must be the only connection to the file (no read workers), to leave WAL mode.
 */
export async function withBulkLoad(db: Db, load: (into: BulkLoad) => Promise<void>): Promise<void> {
  const postgres = engineOf(db as unknown as Kysely<unknown>) === 'postgres';
  const names = sql.join(REBUILT.map((t) => sql`${t}`));
  const secondary = await sql<{ name: string; definition: string }>`${
    postgres
      ? sql`select indexname as name, indexdef as definition from pg_indexes
          where tablename in (${names}) and schemaname = current_schema()
          and indexname not in (select conname from pg_constraint)`
      : sql`select name, sql as definition from sqlite_master
          where type = 'index' and tbl_name in (${names}) and sql is not null`
  }`.execute(db);
  for (const { name } of secondary.rows) await sql`drop index ${sql.ref(name)}`.execute(db);
  if (postgres) {
    await sql`alter table item_field_terms drop constraint item_field_terms_pkey`.execute(db);
    await load({ fieldTermsTable: 'item_field_terms' });
  } else {
    // `off` is refused in SQLite's defensive mode (node:sqlite); a journal in memory is as cheap.
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode = memory`.execute(db);
    if (rows[0]?.journal_mode !== 'memory') throw new Error('the bulk load needs the only connection');
    await sql`pragma synchronous = off`.execute(db);
    await sql`pragma foreign_keys = off`.execute(db);
    await sql`pragma cache_size = -2000000`.execute(db);
    await sql`pragma threads = 2`.execute(db);
    await sql`create temp table bench_field_terms (tenant_id, field_key, term, item_id)`.execute(db);
    await load({ fieldTermsTable: 'temp.bench_field_terms' });
    await sql`insert into item_field_terms (tenant_id, field_key, term, item_id)
      select tenant_id, field_key, term, item_id from temp.bench_field_terms
      order by tenant_id, field_key, term, item_id`.execute(db);
    await sql`drop table temp.bench_field_terms`.execute(db);
  }
  await db.transaction().execute(async (trx) => {
    if (postgres) {
      await sql`set local maintenance_work_mem = '2GB'`.execute(trx);
      await sql`alter table item_field_terms add primary key (tenant_id, field_key, term, item_id)`.execute(
        trx,
      );
    }
    for (const { definition } of secondary.rows) await sql.raw(definition).execute(trx);
  });
  if (!postgres) {
    await sql`pragma journal_mode = wal`.execute(db);
    await sql`pragma synchronous = normal`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** PostgreSQL: a bulk load's transaction skips the row-by-row foreign key checks and the wait for the disk. */
export async function bulkTransaction(db: Db, run: (trx: Db) => Promise<void>): Promise<void> {
  const postgres = engineOf(db as unknown as Kysely<unknown>) === 'postgres';
  await db.transaction().execute(async (trx) => {
    if (postgres) {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`set local synchronous_commit = off`.execute(trx);
    }
    await run(trx);
  });
}
