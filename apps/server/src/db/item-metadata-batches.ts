import type { ItemMetadata } from '@skald/domain';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface StoredItemMetadata {
  item_id: string;
  tenant_id: string;
  forms: ItemMetadata;
}

/**
 * Every item's stored form values, `size` items at a time in id order, each batch's index rows
 * (`rowsOf`) inserted into `table` (the migrations that index the values stored before them).
 */
export async function indexEveryItemMetadata<T extends 'item_field_terms' | 'item_forms'>(
  db: Kysely<Database>,
  table: T,
  size: number,
  rowsOf: (stored: StoredItemMetadata) => Database[T][],
): Promise<void> {
  for (let after = ''; ;) {
    const batch = await db
      .selectFrom('item_metadata')
      .select(['item_id', 'tenant_id', 'forms'])
      .where('item_id', '>', after)
      .orderBy('item_id')
      .limit(size)
      .execute();
    const rows = batch.flatMap((r) => rowsOf({ ...r, forms: JSON.parse(r.forms) as ItemMetadata }));
    for (let i = 0; i < rows.length; i += size) {
      await db
        .insertInto(table)
        .values(rows.slice(i, i + size) as never)
        .execute();
    }
    const last = batch.at(-1);
    if (!last) break;
    after = last.item_id;
  }
}
