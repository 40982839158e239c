import type { ItemMetadata } from '@skald/domain';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface StoredItemMetadata {
  item_id: string;
  tenant_id: string;
  forms: ItemMetadata;
}

/**
 * Every item's stored form values, `size` items at a time in id order, each batch given to `each`
 * (the migrations that index the values stored before them).
 */
export async function forEveryItemMetadata(
  db: Kysely<Database>,
  size: number,
  each: (batch: StoredItemMetadata[]) => Promise<void>,
): Promise<void> {
  for (let after = ''; ;) {
    const batch = await db
      .selectFrom('item_metadata')
      .select(['item_id', 'tenant_id', 'forms'])
      .where('item_id', '>', after)
      .orderBy('item_id')
      .limit(size)
      .execute();
    const last = batch.at(-1);
    if (!last) break;
    await each(batch.map((r) => ({ ...r, forms: JSON.parse(r.forms) as ItemMetadata })));
    after = last.item_id;
  }
}

/** forEveryItemMetadata, each batch's index rows (`rowsOf`) inserted into `table`. */
export async function indexEveryItemMetadata<T extends 'item_field_terms' | 'item_forms'>(
  db: Kysely<Database>,
  table: T,
  size: number,
  rowsOf: (stored: StoredItemMetadata) => Database[T][],
): Promise<void> {
  await forEveryItemMetadata(db, size, async (batch) => {
    const rows = batch.flatMap(rowsOf);
    for (let i = 0; i < rows.length; i += size) {
      await db
        .insertInto(table)
        .values(rows.slice(i, i + size) as never)
        .execute();
    }
  });
}
