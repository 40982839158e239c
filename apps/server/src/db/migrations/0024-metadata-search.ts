import { metadataTerms } from '@skald/domain';
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';
import { indexEveryItemMetadata } from '../item-metadata-batches.ts';
import type { Database } from '../schema.ts';

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 12 §3: the metadata field index, one row per (field, term) of an item's form values
  // (metadataTerms, docs/SEARCH.md). Terms compare byte by byte on both engines ("C" collation on
  // PostgreSQL), so a date range and a prefix are one range of the primary key.
  const collate = engineOf(db) === 'postgres' ? sql` collate "C"` : sql``;
  const withoutRowid = engineOf(db) === 'postgres' ? sql`` : sql` without rowid`;
  await sql`create table item_field_terms (
    tenant_id text not null,
    field_key text${collate} not null,
    term text${collate} not null,
    item_id text not null references items(id) on delete cascade,
    primary key (tenant_id, field_key, term, item_id)
  )${withoutRowid}`.execute(db);
  // An item's rows (replaced on every change) and one field's terms of one item (a filter checked
  // on the newest items first, the sort key).
  await sql`create index item_field_terms_item on item_field_terms (item_id, field_key, term)`.execute(db);

  await indexEveryItemMetadata(db as Kysely<Database>, 'item_field_terms', BATCH, (r) =>
    metadataTerms(r.forms).map((t) => ({
      tenant_id: r.tenant_id,
      item_id: r.item_id,
      field_key: t.fieldKey,
      term: t.term,
    })),
  );
}
