import type { SelectQueryBuilder } from 'kysely';
import type { Page, Paging } from '../lib/paging.ts';

/**
 * One page of a filtered query and the filter's total: `rows` adds the selection and order to
 * `base`; the count runs on `base` itself, so both see exactly the same WHERE clause.
 */
export async function paged<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  rows: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  q: Paging,
): Promise<Page<O>> {
  const [items, count] = await Promise.all([
    rows(base).offset(q.from).limit(q.itemsPerPage).execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst() as Promise<
      { n: string | number } | undefined
    >,
  ]);
  return { items, total: Number(count?.n ?? 0), from: q.from, itemsPerPage: q.itemsPerPage };
}
