import { LOG_MOMENT_KIND, logEventMomentText } from '@skald/domain';
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';
import type { Database } from '../schema.ts';
import { momentIndexRows, indexMomentRows, type IndexedMoment } from '../../search/moment-index.ts';

const BATCH = 500;

// Moment search (issues 12 §5 and 14 §4, docs/SEARCH.md): every analysis moment with text and every
// log event is a row of `search_moments`, its text folded and tokenised in JS (searchTokens) like an
// item's, and indexed by the engine itself: an FTS5 table kept by triggers on SQLite, a generated
// tsvector with a GIN index on PostgreSQL. The repositories write the rows in their own transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  const docId = postgres
    ? sql`doc_id bigint generated always as identity primary key`
    : sql`doc_id integer primary key`;
  await sql`create table search_moments (
    ${docId},
    tenant_id text not null,
    item_id text not null references items(id) on delete cascade,
    source_id text not null,
    kind text not null,
    start_ms integer not null,
    end_ms integer not null,
    text text not null,
    words text not null
  )`.execute(db);
  // A source's rows (replaced or renamed by it), and an item's moments in time order (a hit's).
  await sql`create index search_moments_source on search_moments (source_id)`.execute(db);
  await sql`create index search_moments_item on search_moments (item_id, start_ms)`.execute(db);
  if (postgres) {
    await sql`alter table search_moments add column vector tsvector
      generated always as (to_tsvector('simple', words)) stored`.execute(db);
    await sql`create index search_moments_vector on search_moments using gin (vector)`.execute(db);
    await sql`create index search_moments_tenant_kind on search_moments (tenant_id, kind)`.execute(db);
  } else {
    await sql`create virtual table search_moments_fts using fts5(
      words, content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 0', prefix = '2 3')`.execute(db);
    await sql`create trigger search_moments_insert after insert on search_moments begin
      insert into search_moments_fts (rowid, words) values (new.doc_id, new.words);
    end`.execute(db);
    await sql`create trigger search_moments_update after update of words on search_moments begin
      delete from search_moments_fts where rowid = old.doc_id;
      insert into search_moments_fts (rowid, words) values (new.doc_id, new.words);
    end`.execute(db);
    await sql`create trigger search_moments_delete after delete on search_moments begin
      delete from search_moments_fts where rowid = old.doc_id;
    end`.execute(db);
  }
  await backfill(db);
}

async function backfill(db: Kysely<Database>): Promise<void> {
  for (let after = ''; ;) {
    const rows = await db
      .selectFrom('analysis_moments')
      .select(['id', 'tenant_id', 'item_id', 'kind', 'start_ms', 'end_ms', 'text'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    await indexMomentRows(db, momentIndexRows(rows.map((r) => ({ ...r, source_id: r.id }))));
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
  }
  for (let after = ''; ;) {
    const rows = await db
      .selectFrom('log_events')
      .select(['id', 'tenant_id', 'item_id', 'start_ms', 'end_ms', 'text', 'field_values'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const moments = rows.map((r): IndexedMoment => ({
      tenant_id: r.tenant_id,
      item_id: r.item_id,
      source_id: r.id,
      kind: LOG_MOMENT_KIND,
      start_ms: r.start_ms,
      end_ms: r.end_ms ?? r.start_ms,
      text: logEventMomentText(r.text, JSON.parse(r.field_values) as Record<string, unknown>),
    }));
    await indexMomentRows(db, momentIndexRows(moments));
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
  }
}
