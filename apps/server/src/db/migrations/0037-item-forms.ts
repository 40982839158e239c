import { formsHeld } from '@skald/domain';
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';
import { indexEveryItemMetadata } from '../item-metadata-batches.ts';
import type { Database } from '../schema.ts';

const BATCH = 2_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 12 §3/§4: the forms each item holds values of (formsHeld), written with the values by
  // ItemMetadataRepository, so the search's usage filter looks one row up by key instead of
  // reading the item's whole JSON document (docs/SEARCH.md).
  const withoutRowid = engineOf(db) === 'postgres' ? sql`` : sql` without rowid`;
  await sql`create table item_forms (
    item_id text not null references items(id) on delete cascade,
    form_id text not null,
    tenant_id text not null,
    primary key (item_id, form_id)
  )${withoutRowid}`.execute(db);

  // Three parameters a row: well within both engines' limit on one statement's parameters.
  await indexEveryItemMetadata(db as Kysely<Database>, 'item_forms', BATCH, (r) =>
    formsHeld(r.forms).map((formId) => ({ item_id: r.item_id, form_id: formId, tenant_id: r.tenant_id })),
  );
  if (engineOf(db) === 'postgres') await sql`analyze item_forms`.execute(db);
}
