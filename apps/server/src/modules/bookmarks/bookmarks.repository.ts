import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paged } from '../../db/paged.ts';
import type { BookmarksTable, Database } from '../../db/schema.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import type { BookmarkFilter } from './bookmark-audience.ts';

export type BookmarkRow = Selectable<BookmarksTable>;
type Executor = Transaction<Database> | Db;

export class BookmarksRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** System bookmarks first (the organisation's order), then the caller's own; each by position, then title. */
  async list(tenantId: string, filter: BookmarkFilter, q: Paging): Promise<Page<BookmarkRow>> {
    const base = this.#db.selectFrom('bookmarks').where('tenant_id', '=', tenantId).where(filter);
    return paged(
      base,
      (b) => b.selectAll().orderBy('scope', 'desc').orderBy('position').orderBy('title').orderBy('id'),
      q,
    );
  }

  async byId(tenantId: string, id: string): Promise<BookmarkRow | undefined> {
    return this.#db
      .selectFrom('bookmarks')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async byIds(tenantId: string, ids: readonly string[]): Promise<BookmarkRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('bookmarks')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .execute();
  }

  /** The selected groups of each bookmark (empty for the others). */
  async groupsOf(tenantId: string, bookmarkIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>(bookmarkIds.map((id) => [id, []]));
    if (bookmarkIds.length === 0) return result;
    const rows = await this.#db
      .selectFrom('bookmark_groups')
      .select(['bookmark_id', 'group_id'])
      .where('tenant_id', '=', tenantId)
      .where('bookmark_id', 'in', bookmarkIds)
      .orderBy('group_id')
      .execute();
    for (const row of rows) result.get(row.bookmark_id)?.push(row.group_id);
    return result;
  }

  /** After the last bookmark of the same list: the owner's private ones, or the tenant's system ones. */
  async nextPosition(tenantId: string, ownerId: string | null): Promise<number> {
    let query = this.#db
      .selectFrom('bookmarks')
      .select((eb) => eb.fn.max<number | null>('position').as('last'))
      .where('tenant_id', '=', tenantId);
    query = ownerId === null ? query.where('scope', '=', 'system') : query.where('owner_id', '=', ownerId);
    const row = await query.executeTakeFirst();
    return (row?.last ?? -1) + 1;
  }

  async insert(trx: Executor, row: Insertable<BookmarksTable>): Promise<void> {
    await trx.insertInto('bookmarks').values(row).execute();
  }

  async update(
    trx: Executor,
    tenantId: string,
    id: string,
    patch: Partial<Omit<BookmarkRow, 'id' | 'tenant_id' | 'created_at'>>,
  ): Promise<void> {
    await trx
      .updateTable('bookmarks')
      .set(patch)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async replaceGroups(
    trx: Executor,
    tenantId: string,
    bookmarkId: string,
    groupIds: readonly string[],
  ): Promise<void> {
    await trx
      .deleteFrom('bookmark_groups')
      .where('tenant_id', '=', tenantId)
      .where('bookmark_id', '=', bookmarkId)
      .execute();
    if (groupIds.length === 0) return;
    await trx
      .insertInto('bookmark_groups')
      .values(groupIds.map((group_id) => ({ tenant_id: tenantId, bookmark_id: bookmarkId, group_id })))
      .execute();
  }

  /** Numbers the bookmarks 0, 1, 2… in the order given. */
  async setPositions(tenantId: string, orderedIds: readonly string[], at: string): Promise<void> {
    await this.transaction(async (trx) => {
      for (const [position, id] of orderedIds.entries()) {
        await this.update(trx, tenantId, id, { position, updated_at: at });
      }
    });
  }

  async delete(tenantId: string, id: string): Promise<void> {
    await this.#db.deleteFrom('bookmarks').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute(work);
  }
}
