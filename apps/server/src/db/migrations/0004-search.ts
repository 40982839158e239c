import { searchTokens } from '@skald/domain';
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

// Search (issue 4, docs/SEARCH.md): items get a description and their searchable text, folded and
// tokenised in JS (`searchTokens`) so that both engines index exactly the same words; the index
// itself lives in the database and follows every change of `items` in the same transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['description', 'search_title', 'search_description']) {
    await db.schema
      .alterTable('items')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  // Every word a tenant's items have held, for expanding `?` and inner `*` wildcards into words
  // (both engines): added with the item that brings it, never removed (a word no item has any more
  // expands to nothing).
  await db.schema
    .createTable('search_terms')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_terms_pk', ['tenant_id', 'term'])
    .execute();
  await backfillSearchTitles(db);

  // The filters outside the full-text part, over live items (a partial index lets both engines
  // read them in order): by creation date, by type and date, by owner, and newest-added first.
  const live = (name: string, columns: string[]) =>
    db.schema
      .createIndex(name)
      .on('items')
      .columns(columns)
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
  await live('items_live_created', ['tenant_id', 'created_at']);
  await live('items_live_type_created', ['tenant_id', 'item_type', 'created_at']);
  await live('items_live_owner', ['tenant_id', 'owner_id', 'created_at']);
  await live('items_live_id', ['tenant_id', 'id']);
  // The recycle bin's own index, so that no plan for live items picks a (tenant, deleted_at) one.
  await db.schema.dropIndex('items_deleted').execute();
  await db.schema
    .createIndex('items_binned')
    .on('items')
    .columns(['tenant_id', 'deleted_at'])
    .where(sql.ref('deleted_at'), 'is not', null)
    .execute();

  if (engineOf(db) === 'postgres') await postgresIndex(db);
  else await sqliteIndex(db);
}

const BATCH = 1000;

type Backfilled = Kysely<{
  items: { id: string; tenant_id: string; title: string; search_title: string };
  search_terms: { tenant_id: string; term: string };
}>;

async function backfillSearchTitles(db: Kysely<unknown>): Promise<void> {
  const items = db as Backfilled;
  for (let after = ''; ;) {
    const rows = await items
      .selectFrom('items')
      .select(['id', 'tenant_id', 'title'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const terms = new Map<string, { tenant_id: string; term: string }>();
    for (const row of rows) {
      const tokens = searchTokens(row.title);
      for (const term of tokens) terms.set(`${row.tenant_id} ${term}`, { tenant_id: row.tenant_id, term });
      await items
        .updateTable('items')
        .set({ search_title: tokens.join(' ') })
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
  // The text is already folded and split into words, so the 'simple' configuration only lowercases.
  await sql`alter table items add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple', search_title), 'A') ||
      setweight(to_tsvector('simple', search_description), 'B')) stored`.execute(db);
  await sql`create index items_search_vector on items using gin (search_vector)`.execute(db);
  // The titles alone, for the first relevance tier: a GIN match of plain words needs no recheck of
  // the row, which a weight-limited match of search_vector does (docs/decisions/0003).
  await sql`alter table items add column title_vector tsvector
      generated always as (to_tsvector('simple', search_title)) stored`.execute(db);
  await sql`create index items_title_vector on items using gin (title_vector)`.execute(db);
  // A thousand most common words per column (not a hundred) keep the planner's guesses of how many
  // items a word matches close enough to choose between the GIN index and walking items by id.
  await sql`alter table items alter column search_vector set statistics 1000,
      alter column title_vector set statistics 1000`.execute(db);
  // Wildcards become LIKE patterns over the vocabulary: trigrams find them even with a leading one.
  // pg_trgm is a trusted extension: a database owner may create it.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index search_terms_trgm on search_terms using gin (term gin_trgm_ops)`.execute(db);
}

async function sqliteIndex(db: Kysely<unknown>): Promise<void> {
  // A table's implicit rowid may change on VACUUM, so each item gets a doc id of its own here.
  await sql`create table search_docs (doc_id integer primary key, item_id text not null unique)`.execute(db);
  // Contentless: the text stays in `items`; contentless_delete lets triggers remove rows by id.
  await sql`create virtual table items_fts using fts5(
      search_title, search_description,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 0', prefix = '2 3')`.execute(db);
  await sql`create trigger items_search_insert after insert on items begin
      insert into search_docs (item_id) values (new.id);
      insert into items_fts (rowid, search_title, search_description)
        values ((select doc_id from search_docs where item_id = new.id), new.search_title, new.search_description);
    end`.execute(db);
  await sql`create trigger items_search_update after update of search_title, search_description on items
    begin
      delete from items_fts where rowid = (select doc_id from search_docs where item_id = old.id);
      insert into items_fts (rowid, search_title, search_description)
        values ((select doc_id from search_docs where item_id = new.id), new.search_title, new.search_description);
    end`.execute(db);
  await sql`create trigger items_search_delete after delete on items begin
      delete from items_fts where rowid = (select doc_id from search_docs where item_id = old.id);
      delete from search_docs where item_id = old.id;
    end`.execute(db);
  await sql`insert into search_docs (item_id) select id from items order by id`.execute(db);
  await sql`insert into items_fts (rowid, search_title, search_description)
      select d.doc_id, i.search_title, i.search_description
      from search_docs d join items i on i.id = d.item_id`.execute(db);
}
