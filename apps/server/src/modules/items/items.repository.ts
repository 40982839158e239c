import type {
  Expression,
  ExpressionBuilder,
  Insertable,
  Selectable,
  SqlBool,
  Transaction,
  Updateable,
} from 'kysely';
import type { Db } from '../../db/database.ts';
import { paged } from '../../db/paged.ts';
import type { Executor } from '../../db/executor.ts';
import type { Database, ItemHistoryTable, ItemsTable, ItemVersionsTable } from '../../db/schema.ts';
import { fold, searchTokens } from '@skald/domain';
import { newId } from '../../lib/ids.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import type { ItemHistoryEntry, ItemRow, VersionRow } from '../../db/rows.ts';

export type HistoryRow = Selectable<ItemHistoryTable>;
/** Columns derived from the title, description and file name, which the repository writes itself. */
type Derived = 'title_folded' | 'search_title' | 'search_description' | 'search_file';
export type ItemInsert = Omit<Insertable<ItemsTable>, Derived>;
export type ItemPatch = Omit<Updateable<ItemsTable>, Derived>;

const searchText = (text: string): string => searchTokens(text).join(' ');
const titleColumns = (title: string) => ({ title_folded: fold(title), search_title: searchText(title) });

/** Every column derived from an item's title and description (for bulk loads that skip insert()). */
export const derivedColumns = (title: string, description: string) => ({
  ...titleColumns(title),
  search_description: searchText(description),
});

/** The vocabulary rows of some item texts (search_terms), for expanding wildcards. */
export function searchTermRows(tenantId: string, texts: readonly string[]) {
  const terms = new Set(texts.flatMap((text) => searchTokens(text)));
  return [...terms].map((term) => ({ tenant_id: tenantId, term }));
}

/** The folded and searchable forms of whichever of the title, description and file name a write sets. */
function withDerived<
  T extends { title?: string | undefined; description?: string | undefined; file_name?: string | undefined },
>(row: T) {
  return {
    ...row,
    ...(row.title !== undefined ? titleColumns(row.title) : {}),
    ...(row.description !== undefined ? { search_description: searchText(row.description) } : {}),
    ...(row.file_name !== undefined ? { search_file: searchText(row.file_name) } : {}),
  };
}

export type ItemFilter = ((eb: ExpressionBuilder<Database, 'items'>) => Expression<SqlBool>) | undefined;

export type ItemSort = 'title' | 'created' | 'duration' | 'type';
export interface ItemListQuery extends Paging {
  sort: ItemSort;
  order: 'asc' | 'desc';
}

const SORT_COLUMN = {
  title: 'title_folded',
  created: 'created_at',
  duration: 'duration_ms',
  type: 'item_type',
} as const satisfies Record<ItemSort, keyof ItemsTable>;

export class ItemsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** For callers that write outside a transaction of their own. */
  get executor(): Db {
    return this.#db;
  }

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute(work);
  }

  async byId(tenantId: string, id: string, on: Executor = this.#db): Promise<ItemRow | undefined> {
    return on
      .selectFrom('items')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async byIds(tenantId: string, ids: readonly string[]): Promise<ItemRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('items')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Live items of a folder, visible to the caller, sorted with the id as the stable tie-break. */
  async inFolder(
    tenantId: string,
    folderId: string,
    filter: ItemFilter,
    q: ItemListQuery,
  ): Promise<Page<ItemRow>> {
    let base = this.#db
      .selectFrom('items')
      .where('tenant_id', '=', tenantId)
      .where('folder_id', '=', folderId)
      .where('deleted_at', 'is', null);
    if (filter) base = base.where(filter);
    return paged(base, (b) => b.selectAll().orderBy(SORT_COLUMN[q.sort], q.order).orderBy('id', q.order), q);
  }

  /** The recycle bin: deleted items visible to the caller, most recently deleted first. */
  async deleted(tenantId: string, filter: ItemFilter, q: Paging): Promise<Page<ItemRow>> {
    let base = this.#db
      .selectFrom('items')
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is not', null);
    if (filter) base = base.where(filter);
    return paged(base, (b) => b.selectAll().orderBy('deleted_at', 'desc').orderBy('id', 'desc'), q);
  }

  async insert(trx: Executor, row: ItemInsert): Promise<void> {
    await trx
      .insertInto('items')
      .values({ ...withDerived(row), ...titleColumns(row.title) })
      .execute();
    await this.#addTerms(trx, row.tenant_id, [row.title, row.description ?? '', row.file_name ?? '']);
  }

  async update(trx: Executor, tenantId: string, id: string, patch: ItemPatch): Promise<void> {
    await trx
      .updateTable('items')
      .set(withDerived(patch))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
    await this.#addTerms(trx, tenantId, [patch.title ?? '', patch.description ?? '', patch.file_name ?? '']);
  }

  async #addTerms(trx: Executor, tenantId: string, texts: string[]): Promise<void> {
    const rows = searchTermRows(tenantId, texts);
    if (rows.length === 0) return;
    await trx
      .insertInto('search_terms')
      .values(rows)
      .onConflict((oc) => oc.columns(['tenant_id', 'term']).doNothing())
      .execute();
  }

  async liveInFolders(tenantId: string, folderIds: readonly string[]): Promise<ItemRow[]> {
    if (folderIds.length === 0) return [];
    return this.#db
      .selectFrom('items')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('folder_id', 'in', folderIds)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Moves the live items of these folders to the recycle bin; answers their ids. */
  async deleteInFolders(
    trx: Transaction<Database>,
    tenantId: string,
    folderIds: readonly string[],
    by: string,
    at: string,
  ): Promise<string[]> {
    if (folderIds.length === 0) return [];
    const rows = await trx
      .updateTable('items')
      .set({ deleted_at: at, deleted_by: by, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('folder_id', 'in', folderIds)
      .where('deleted_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async deletePermanently(trx: Transaction<Database>, tenantId: string, id: string): Promise<void> {
    for (const table of ['item_versions', 'item_history'] as const) {
      await trx.deleteFrom(table).where('tenant_id', '=', tenantId).where('item_id', '=', id).execute();
    }
    await trx.deleteFrom('items').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** The item a render made this item from (a subclip's, a whole render's, an export's source), if any. */
  async renderSourceOf(tenantId: string, itemId: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom('renders')
      .select('source_item_id')
      .where('tenant_id', '=', tenantId)
      .where('target_item_id', '=', itemId)
      .executeTakeFirst();
    return row?.source_item_id ?? null;
  }

  async versions(tenantId: string, itemId: string): Promise<VersionRow[]> {
    return this.#db
      .selectFrom('item_versions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', itemId)
      .orderBy('number', 'desc')
      .execute();
  }

  async version(
    tenantId: string,
    versionId: string,
    on: Executor = this.#db,
  ): Promise<VersionRow | undefined> {
    return on
      .selectFrom('item_versions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', versionId)
      .executeTakeFirst();
  }

  async versionsByIds(tenantId: string, ids: readonly string[]): Promise<VersionRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('item_versions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .execute();
  }

  async nextVersionNumber(trx: Executor, tenantId: string, itemId: string): Promise<number> {
    const row = await trx
      .selectFrom('item_versions')
      .select((eb) => eb.fn.max('number').as('n'))
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
    return (row?.n ?? 0) + 1;
  }

  async insertVersion(trx: Executor, row: Insertable<ItemVersionsTable>): Promise<void> {
    await trx.insertInto('item_versions').values(row).execute();
  }

  async updateVersion(tenantId: string, id: string, patch: Updateable<ItemVersionsTable>): Promise<void> {
    await this.#db
      .updateTable('item_versions')
      .set(patch)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async addHistory(on: Executor, entries: readonly ItemHistoryEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await on
      .insertInto('item_history')
      .values(
        entries.map((e) => ({
          id: newId(),
          tenant_id: e.tenantId,
          item_id: e.itemId,
          actor_id: e.actorId,
          action: e.action,
          details: JSON.stringify(e.details ?? {}),
          created_at: e.at,
        })),
      )
      .execute();
  }

  async history(tenantId: string, itemId: string, q: Paging): Promise<Page<HistoryRow>> {
    const base = this.#db
      .selectFrom('item_history')
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', itemId);
    return paged(base, (b) => b.selectAll().orderBy('id', 'desc'), q);
  }
}
