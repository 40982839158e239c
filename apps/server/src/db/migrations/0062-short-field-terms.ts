import { metadataTerms } from '@skald/domain';
import { sql, type Kysely } from 'kysely';
import { writeShortFieldTerms } from '../short-field-terms.ts';
import { engineOf } from '../engine.ts';
import { forEveryItemMetadata } from '../item-metadata-batches.ts';

const BATCH = 2_000;

// Issue 12 §3, PostgreSQL only: an item's short field values (choices, checkboxes, dates, short
// names) on its own row, `items.short_field_terms` (db/short-field-terms.ts), so a search checks a
// field on the row it reads anyway instead of descending the field index for each item. No GIN
// index: building the bitmap of a broad value (a choice of a fifth of the items) cost several
// times what the count it would serve costs from the field index (docs/SEARCH.md "Metadata
// fields"). SQLite keeps its lookups through item_field_terms.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`alter table items add column short_field_terms text[] collate "C" not null default '{}'`.execute(
    db,
  );
  await forEveryItemMetadata(db, BATCH, (batch) =>
    writeShortFieldTerms(
      db,
      batch.map((r) => ({ tenantId: r.tenant_id, itemId: r.item_id, terms: metadataTerms(r.forms) })),
    ),
  );
}
