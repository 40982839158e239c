import { formsHeld, type ItemMetadata } from '@skald/domain';
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';
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

  const typed = db as Kysely<Database>;
  for (let after = ''; ;) {
    const rows = await typed
      .selectFrom('item_metadata')
      .select(['item_id', 'tenant_id', 'forms'])
      .where('item_id', '>', after)
      .orderBy('item_id')
      .limit(BATCH)
      .execute();
    const held = rows.flatMap((r) =>
      formsHeld(JSON.parse(r.forms) as ItemMetadata).map((formId) => ({
        item_id: r.item_id,
        form_id: formId,
        tenant_id: r.tenant_id,
      })),
    );
    // Three parameters a row: well within both engines' limit on one statement's parameters.
    for (let i = 0; i < held.length; i += BATCH) {
      await typed
        .insertInto('item_forms')
        .values(held.slice(i, i + BATCH))
        .execute();
    }
    const last = rows.at(-1);
    if (!last) break;
    after = last.item_id;
  }
  if (engineOf(db) === 'postgres') await sql`analyze item_forms`.execute(db);
}
