import { searchTokens } from '@skald/domain';
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

// Issue 11 §2: an item is found by the original file name of its leading version ("harbour.jpg"),
// as plain words and through `file:`. Items get that name (`file_name`) and its words
// (`search_file`, folded and split like the title), and both indexes gain a third field:
// - SQLite: FTS5 cannot add a column, so `items_fts` and its triggers are made again with
//   `search_file` (the doc ids of `search_docs` stay);
// - PostgreSQL: `search_vector` gets the file's words at weight C, after a one-position gap like the
//   description's (0008), and `search_pairs` the file's word pairs ('f'), so a phrase such as
//   "harbour jpg" is found through its pairs as the other fields' phrases are.
// Existing items take the name of their leading version here, in the migration's transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['file_name', 'search_file']) {
    await db.schema
      .alterTable('items')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  if (engineOf(db) === 'postgres') await postgresIndex(db);
  else await sqliteIndex(db);
  await backfill(db);
}

const BATCH = 1000;

type Backfilled = Kysely<{
  items: {
    id: string;
    tenant_id: string;
    leading_version_id: string | null;
    file_name: string;
    search_file: string;
  };
  item_versions: { id: string; tenant_id: string; filename: string };
  search_terms: { tenant_id: string; term: string };
}>;

async function backfill(db: Kysely<unknown>): Promise<void> {
  const items = db as Backfilled;
  for (let after = ''; ;) {
    const rows = await items
      .selectFrom('items')
      .innerJoin('item_versions', (j) =>
        j
          .onRef('item_versions.id', '=', 'items.leading_version_id')
          .onRef('item_versions.tenant_id', '=', 'items.tenant_id'),
      )
      .select(['items.id', 'items.tenant_id', 'item_versions.filename'])
      .where('items.id', '>', after)
      .orderBy('items.id')
      .limit(BATCH)
      .execute();
    const terms = new Map<string, { tenant_id: string; term: string }>();
    for (const row of rows) {
      const tokens = searchTokens(row.filename);
      for (const term of tokens) terms.set(`${row.tenant_id} ${term}`, { tenant_id: row.tenant_id, term });
      await items
        .updateTable('items')
        .set({ file_name: row.filename, search_file: tokens.join(' ') })
        .where('id', '=', row.id)
        .execute();
    }
    if (terms.size > 0) {
      await items
        .insertInto('search_terms')
        .values([...terms.values()])
        .onConflict((oc) => oc.columns(['tenant_id', 'term']).doNothing())
        .execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = last.id;
  }
}

async function postgresIndex(db: Kysely<unknown>): Promise<void> {
  await sql`alter table items drop column if exists search_vector,
    add column search_vector tsvector generated always as (ts_delete(
      setweight(to_tsvector('simple', search_title), 'A') || $$'|':1$$::tsvector ||
      setweight(to_tsvector('simple', search_description), 'B') || $$'|':1$$::tsvector ||
      setweight(to_tsvector('simple', search_file), 'C'), '|')) stored`.execute(db);
  await sql`create index items_search_vector on items using gin (search_vector)`.execute(db);
  await sql`alter table items alter column search_vector set statistics 1000`.execute(db);
  await sql`alter table items drop column if exists search_pairs,
    add column search_pairs int[] generated always as (
      skald_pair_hashes('t', search_title) || skald_pair_hashes('d', search_description) ||
      skald_pair_hashes('f', search_file)) stored`.execute(db);
  await sql`create index items_search_pairs on items using gin (search_pairs)`.execute(db);
  await sql`alter table items alter column search_pairs set statistics 1000`.execute(db);
  await sql`analyze items (search_vector, search_pairs)`.execute(db);
}

async function sqliteIndex(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['items_search_insert', 'items_search_update', 'items_search_delete']) {
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table items_fts`.execute(db);
  await sql`create virtual table items_fts using fts5(
      search_title, search_description, search_file,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 0', prefix = '2 3')`.execute(db);
  await sql`create trigger items_search_insert after insert on items begin
      insert into search_docs (item_id) values (new.id);
      insert into items_fts (rowid, search_title, search_description, search_file)
        values ((select doc_id from search_docs where item_id = new.id),
          new.search_title, new.search_description, new.search_file);
    end`.execute(db);
  await sql`create trigger items_search_update
    after update of search_title, search_description, search_file on items
    begin
      delete from items_fts where rowid = (select doc_id from search_docs where item_id = old.id);
      insert into items_fts (rowid, search_title, search_description, search_file)
        values ((select doc_id from search_docs where item_id = new.id),
          new.search_title, new.search_description, new.search_file);
    end`.execute(db);
  await sql`create trigger items_search_delete after delete on items begin
      delete from items_fts where rowid = (select doc_id from search_docs where item_id = old.id);
      delete from search_docs where item_id = old.id;
    end`.execute(db);
  await sql`insert into items_fts (rowid, search_title, search_description, search_file)
      select d.doc_id, i.search_title, i.search_description, i.search_file
      from search_docs d join items i on i.id = d.item_id`.execute(db);
}
