import { metadataTerms } from '@skald/domain';
import { sql, type Kysely } from 'kysely';
import { writeShortFieldTerms } from '../short-field-terms.ts';
import { engineOf } from '../engine.ts';
import { forEveryItemMetadata } from '../item-metadata-batches.ts';
import type { Database } from '../schema.ts';

const BATCH = 2_000;

// Issue 12 §3, PostgreSQL only: an item's short field values (choices, checkboxes, dates, short
// names) on its own row, `items.short_field_terms` (search/short-field-terms.ts), with a GIN
// index, so a search checks a field on the row it reads anyway instead of descending the field
// index for each item, and two fields meet in the GIN index. SQLite keeps its lookups through
// item_field_terms (measured fast enough there: docs/SEARCH.md "Metadata fields").
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`alter table items add column short_field_terms text[] collate "C" not null default '{}'`.execute(
    db,
  );
  await forEveryItemMetadata(db as Kysely<Database>, BATCH, (batch) =>
    writeShortFieldTerms(
      db,
      batch.map((r) => ({ tenantId: r.tenant_id, itemId: r.item_id, terms: metadataTerms(r.forms) })),
    ),
  );
  await sql`create index items_short_field_terms on items using gin (short_field_terms)`.execute(db);
  // The planner's statistics of the new column's elements (how common each value is).
  await sql`analyze items`.execute(db);
}
