import type { Expression, ExpressionBuilder, Insertable, SqlBool, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paged } from '../../db/paged.ts';
import type { Database, FoldersTable } from '../../db/schema.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import type { FolderRow } from '../../db/rows.ts';

export type FolderFilter = ((eb: ExpressionBuilder<Database, 'folders'>) => Expression<SqlBool>) | undefined;

// A deeper tree than this is a corrupt parent chain (a cycle), not a real folder structure.
const MAX_DEPTH = 200;

export class FoldersRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async root(tenantId: string): Promise<FolderRow | undefined> {
    return this.#db
      .selectFrom('folders')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('parent_id', 'is', null)
      .executeTakeFirst();
  }

  async byId(tenantId: string, id: string): Promise<FolderRow | undefined> {
    return this.#db
      .selectFrom('folders')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(row: Insertable<FoldersTable>, on: Transaction<Database> | Db = this.#db): Promise<void> {
    await on.insertInto('folders').values(row).execute();
  }

  async children(
    tenantId: string,
    parentId: string,
    filter: FolderFilter,
    q: Paging,
  ): Promise<Page<FolderRow>> {
    let base = this.#db
      .selectFrom('folders')
      .where('tenant_id', '=', tenantId)
      .where('parent_id', '=', parentId);
    if (filter) base = base.where(filter);
    return paged(base, (b) => b.selectAll().orderBy('name_folded').orderBy('id'), q);
  }

  /**
   * The tenant's folders but the root that `filter` lets through, only those whose parent is one of
   * `parentIds` when given: what a search over folders reads (docs/SEARCH.md).
   */
  async searchable(
    tenantId: string,
    filter: FolderFilter,
    parentIds: readonly string[] | undefined,
  ): Promise<FolderRow[]> {
    if (parentIds?.length === 0) return [];
    let q = this.#db.selectFrom('folders').selectAll().where('tenant_id', '=', tenantId);
    q =
      parentIds === undefined ? q.where('parent_id', 'is not', null) : q.where('parent_id', 'in', parentIds);
    if (filter) q = q.where(filter);
    return q.execute();
  }

  async siblingNamed(tenantId: string, parentId: string, nameFolded: string): Promise<FolderRow | undefined> {
    return this.#db
      .selectFrom('folders')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('parent_id', '=', parentId)
      .where('name_folded', '=', nameFolded)
      .executeTakeFirst();
  }

  /** The folder and its ancestors, root first. */
  async path(tenantId: string, folder: FolderRow): Promise<FolderRow[]> {
    const chain = [folder];
    let current = folder;
    while (current.parent_id !== null && chain.length < MAX_DEPTH) {
      const parent = await this.byId(tenantId, current.parent_id);
      if (!parent) break;
      chain.unshift(parent);
      current = parent;
    }
    return chain;
  }

  /** The folder's id and all its descendants' ids. */
  async subtreeIds(tenantId: string, folderId: string): Promise<string[]> {
    const rows = await this.#db
      .withRecursive('tree(id)', (db) =>
        db
          .selectFrom('folders')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('id', '=', folderId)
          .unionAll(
            db
              .selectFrom('folders')
              .innerJoin('tree', 'tree.id', 'folders.parent_id')
              .select('folders.id')
              .where('folders.tenant_id', '=', tenantId),
          ),
      )
      .selectFrom('tree')
      .select('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async update(
    trx: Transaction<Database> | Db,
    tenantId: string,
    id: string,
    patch: Partial<
      Pick<
        FolderRow,
        'name' | 'name_folded' | 'parent_id' | 'visible_level' | 'updatable_level' | 'updated_at'
      >
    >,
  ): Promise<void> {
    await trx
      .updateTable('folders')
      .set(patch)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async deleteMany(trx: Transaction<Database>, tenantId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await trx.deleteFrom('folders').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  }

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute(work);
  }
}
