import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

// Issue 14 (docs/SEARCH.md, "Moments", "The two sides meet by ids"), SQLite only: each row of
// `moment_terms` also holds `item_doc_id`, its item's doc id in the full-text index (`search_docs`,
// the rowid of `items_fts`), so that a kind filter's walked rows are checked against the list of
// the text's matches as they are read. Looking each row's doc id up in `search_docs`' item_id index
// cost about 12 µs a row at 1,000,000 items (random pages of a large index): 79 ms of the count of
// `hytte said:kamp`, whose 6,619 walked rows hold 675 matches. An item keeps its doc id while it
// exists (0014-file-name-search.ts: an update re-indexes it under the same one) and its moments go
// with it, so the copy never goes stale. Not part of the key: the rows are unique without it. The
// insert trigger sets it, from the row `items_search_insert` gave the item when it was created.
// PostgreSQL has no doc ids (its index yields no id without its row) and keeps its table.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'postgres') return;
  // The triggers name the table: they go first, and come back for the new one.
  await sql`drop trigger moment_terms_insert`.execute(db);
  await sql`drop trigger moment_terms_delete`.execute(db);
  await sql`create table moment_terms_with_doc (
      tenant_id text not null,
      kind text not null,
      term text not null,
      item_created_at text not null,
      item_id text not null,
      doc_id integer not null,
      item_doc_id integer not null,
      primary key (tenant_id, kind, term, item_created_at, item_id, doc_id)
    ) without rowid`.execute(db);
  // Read in the key's order (CROSS JOIN keeps moment_terms outside), so written in it: appended.
  await sql`insert into moment_terms_with_doc
    select t.tenant_id, t.kind, t.term, t.item_created_at, t.item_id, t.doc_id, d.doc_id
    from moment_terms t cross join search_docs d on d.item_id = t.item_id`.execute(db);
  await sql`drop table moment_terms`.execute(db);
  await sql`alter table moment_terms_with_doc rename to moment_terms`.execute(db);

  const words = (row: string) => sql.raw(`json_each('["' || replace(${row}.words, ' ', '","') || '"]')`);
  await sql`create trigger moment_terms_insert after insert on search_moments begin
    update search_moments set item_created_at = (select created_at from items where id = new.item_id)
      where doc_id = new.doc_id;
    insert into moment_terms (tenant_id, kind, term, item_created_at, item_id, doc_id, item_doc_id)
      select distinct new.tenant_id, new.kind, w.value, i.created_at, new.item_id, new.doc_id, d.doc_id
      from items i, search_docs d, ${words('new')} w where i.id = new.item_id and d.item_id = new.item_id;
  end`.execute(db);
  await sql`create trigger moment_terms_delete after delete on search_moments begin
    delete from moment_terms where tenant_id = old.tenant_id and kind = old.kind
      and term in (select value from ${words('old')})
      and item_created_at = old.item_created_at and item_id = old.item_id and doc_id = old.doc_id;
  end`.execute(db);
}
