import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

// Issue 14 §4, moment search at scale (docs/SEARCH.md, "Moments"): a kind filter of one word
// (`said:budsjett`) is answered from `moment_terms`, one row per word of each indexed moment, keyed
// by tenant, kind and word and then by its item's creation time and id, the search's default order.
// A page walks one word's rows newest first and stops when it is full, the count stops at its cap,
// and a walked item is checked with one seek of the key; none of them lists every matching moment
// (tens of thousands at 1,000,000 items). `search_moments.item_created_at` (an item's `created_at`
// never changes) finds a moment's rows by their key when it goes. The database keeps both, by
// triggers on `search_moments`, in the transaction that writes the moment.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  await sql`alter table search_moments add column item_created_at text`.execute(db);
  await sql`update search_moments set item_created_at =
    (select created_at from items where items.id = search_moments.item_id)`.execute(db);
  if (postgres) await postgresTerms(db);
  else await sqliteTerms(db);
}

const KEY = sql`tenant_id, kind, term, item_created_at, item_id, doc_id`;

const table = (docId: 'integer' | 'bigint', primaryKey: boolean) => sql`create table moment_terms (
    tenant_id text not null,
    kind text not null,
    term text not null,
    item_created_at text not null,
    item_id text not null,
    doc_id ${sql.raw(docId)} not null${primaryKey ? sql`,\n    primary key (${KEY})` : sql``}
  )`;

/** SQLite: a row's words (letters and digits, one space apart) as a JSON array for json_each. */
const wordsOf = (row: string) => sql.raw(`json_each('["' || replace(${row}.words, ' ', '","') || '"]')`);

async function sqliteTerms(db: Kysely<unknown>): Promise<void> {
  // WITHOUT ROWID: the primary key is the table, so it is filled in the key's order.
  await sql`${table('integer', true)} without rowid`.execute(db);
  await sql`insert into moment_terms (${KEY})
    select distinct m.tenant_id, m.kind, w.value, m.item_created_at, m.item_id, m.doc_id
    from search_moments m, ${wordsOf('m')} w
    order by 1, 2, 3, 4, 5, 6`.execute(db);
  await sql`create trigger moment_terms_insert after insert on search_moments begin
    update search_moments set item_created_at = (select created_at from items where id = new.item_id)
      where doc_id = new.doc_id;
    insert into moment_terms (${KEY})
      select distinct new.tenant_id, new.kind, w.value, i.created_at, new.item_id, new.doc_id
      from items i, ${wordsOf('new')} w where i.id = new.item_id;
  end`.execute(db);
  await sql`create trigger moment_terms_delete after delete on search_moments begin
    delete from moment_terms where tenant_id = old.tenant_id and kind = old.kind
      and term in (select value from ${wordsOf('old')})
      and item_created_at = old.item_created_at and item_id = old.item_id and doc_id = old.doc_id;
  end`.execute(db);
}

async function postgresTerms(db: Kysely<unknown>): Promise<void> {
  await sql`create function search_moments_item_created() returns trigger language plpgsql as $$
    begin
      new.item_created_at := (select created_at from items where id = new.item_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger search_moments_item_created before insert on search_moments
    for each row execute function search_moments_item_created()`.execute(db);
  await sql`alter table search_moments alter column item_created_at set not null`.execute(db);

  await sql`${table('bigint', false)}`.execute(db);
  const rows = (from: string) =>
    sql.raw(`select distinct m.tenant_id, m.kind, w, m.item_created_at, m.item_id, m.doc_id
      from ${from} m, unnest(string_to_array(m.words, ' ')) w`);
  // Filled first, its index built once after.
  await sql`insert into moment_terms (${KEY}) ${rows('search_moments')}`.execute(db);
  await sql`alter table moment_terms add primary key (${KEY})`.execute(db);
  // Statement triggers: a statement's moments go in one insert (a batch in one pass).
  await sql`create function moment_terms_insert() returns trigger language plpgsql as $$
    begin
      insert into moment_terms (${KEY}) ${rows('added')};
      return null;
    end $$`.execute(db);
  await sql`create function moment_terms_delete() returns trigger language plpgsql as $$
    begin
      delete from moment_terms t
        using (${rows('removed')}) as r (tenant_id, kind, term, item_created_at, item_id, doc_id)
        where (t.tenant_id, t.kind, t.term, t.item_created_at, t.item_id, t.doc_id)
          = (r.tenant_id, r.kind, r.term, r.item_created_at, r.item_id, r.doc_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger moment_terms_insert after insert on search_moments
    referencing new table as added for each statement execute function moment_terms_insert()`.execute(db);
  await sql`create trigger moment_terms_delete after delete on search_moments
    referencing old table as removed for each statement execute function moment_terms_delete()`.execute(db);
}
