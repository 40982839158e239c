import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paged } from '../../db/paged.ts';
import type {
  Database,
  ShareEmailsTable,
  ShareItemsTable,
  SharesTable,
  ShareVisitorsTable,
} from '../../db/schema.ts';
import type { Page, Paging } from '../../lib/paging.ts';

export type ShareRow = Selectable<SharesTable>;
export type ShareEmailRow = Selectable<ShareEmailsTable>;
export type ShareVisitorRow = Selectable<ShareVisitorsTable>;
type Executor = Transaction<Database> | Db;

/**
 * Shares, their items, visitors and e-mail history. Every method takes the tenant first except
 * the public ones that find a share by its token's hash or go on from a share already found.
 */
export class SharesRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** The tenant's shares (or one owner's; or those of one item), newest first. */
  async list(
    tenantId: string,
    filter: { ownerId: string | null; itemId: string | undefined },
    q: Paging,
  ): Promise<Page<ShareRow>> {
    let base = this.#db.selectFrom('shares').where('tenant_id', '=', tenantId);
    if (filter.ownerId !== null) base = base.where('owner_id', '=', filter.ownerId);
    const { itemId } = filter;
    if (itemId !== undefined) {
      base = base.where('id', 'in', (eb) =>
        eb
          .selectFrom('share_items')
          .select('share_id')
          .where('share_items.tenant_id', '=', tenantId)
          .where('share_items.item_id', '=', itemId),
      );
    }
    return paged(base, (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), q);
  }

  async byId(tenantId: string, id: string): Promise<ShareRow | undefined> {
    return this.#db
      .selectFrom('shares')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The public lookup: a link's token names its share (and so its tenant). */
  async byTokenHash(tokenHash: string): Promise<ShareRow | undefined> {
    return this.#db.selectFrom('shares').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async insert(trx: Executor, row: Insertable<SharesTable>, items: readonly string[]): Promise<void> {
    await trx.insertInto('shares').values(row).execute();
    const rows: Insertable<ShareItemsTable>[] = items.map((item_id, position) => ({
      tenant_id: row.tenant_id,
      share_id: row.id,
      item_id,
      position,
    }));
    // In slices: SQLite binds at most 32766 values per statement.
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto('share_items')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
  }

  async update(tenantId: string, id: string, patch: Updateable<SharesTable>, on: Executor = this.#db) {
    await on
      .updateTable('shares')
      .set(patch)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** The shared items' ids in the order they were shared. */
  async itemIds(tenantId: string, shareId: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('share_items')
      .select('item_id')
      .where('tenant_id', '=', tenantId)
      .where('share_id', '=', shareId)
      .orderBy('position')
      .execute();
    return rows.map((r) => r.item_id);
  }

  async itemCounts(tenantId: string, shareIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (shareIds.length === 0) return counts;
    const rows = await this.#db
      .selectFrom('share_items')
      .select(['share_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('share_id', 'in', shareIds)
      .groupBy('share_id')
      .execute();
    for (const row of rows) counts.set(row.share_id, Number(row.n));
    return counts;
  }

  async hasItem(tenantId: string, shareId: string, itemId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('share_items')
      .select('item_id')
      .where('tenant_id', '=', tenantId)
      .where('share_id', '=', shareId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async emails(tenantId: string, shareId: string): Promise<ShareEmailRow[]> {
    return this.#db
      .selectFrom('share_emails')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('share_id', '=', shareId)
      .orderBy('sent_at', 'desc')
      .orderBy('address')
      .execute();
  }

  async addEmails(trx: Executor, rows: readonly Insertable<ShareEmailsTable>[]): Promise<void> {
    if (rows.length > 0)
      await trx
        .insertInto('share_emails')
        .values([...rows])
        .execute();
  }

  async visitor(shareId: string, visitorHash: string): Promise<ShareVisitorRow | undefined> {
    return this.#db
      .selectFrom('share_visitors')
      .selectAll()
      .where('share_id', '=', shareId)
      .where('visitor_hash', '=', visitorHash)
      .executeTakeFirst();
  }

  async unlock(shareId: string, visitorHash: string, at: string): Promise<void> {
    await this.#db
      .insertInto('share_visitors')
      .values({ share_id: shareId, visitor_hash: visitorHash, unlocked: 1, counted: 0, first_seen_at: at })
      .onConflict((oc) => oc.columns(['share_id', 'visitor_hash']).doUpdateSet({ unlocked: 1 }))
      .execute();
  }

  /**
   * Counts the visitor once: takes one of the share's remaining uses unless none is left. False
   * when none was (the share's views are used up); true when counted now or before.
   */
  async countVisitor(
    share: ShareRow,
    visitorHash: string,
    at: string,
  ): Promise<'counted' | 'already' | 'none'> {
    return this.#db.transaction().execute(async (trx) => {
      const seen = await trx
        .selectFrom('share_visitors')
        .select('counted')
        .where('share_id', '=', share.id)
        .where('visitor_hash', '=', visitorHash)
        .executeTakeFirst();
      if (seen?.counted === 1) return 'already';
      if (!(await this.takeUse(trx, share))) return 'none';
      await trx
        .insertInto('share_visitors')
        .values({ share_id: share.id, visitor_hash: visitorHash, unlocked: 0, counted: 1, first_seen_at: at })
        .onConflict((oc) => oc.columns(['share_id', 'visitor_hash']).doUpdateSet({ counted: 1 }))
        .execute();
      return 'counted';
    });
  }

  /** One of the share's uses (a view, or an upload request's file), if any is left. */
  async takeUse(on: Executor, share: ShareRow): Promise<boolean> {
    const result = await on
      .updateTable('shares')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('tenant_id', '=', share.tenant_id)
      .where('id', '=', share.id)
      .whereRef('used', '<', 'max_uses')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A wrong password, counted atomically in the share's current window (a new one once it is over). */
  async passwordFailed(share: ShareRow, windowStartsAfter: string, at: string): Promise<void> {
    await this.#db
      .updateTable('shares')
      .set((eb) => {
        const stale = eb.or([
          eb('password_window_start', 'is', null),
          eb('password_window_start', '<', windowStartsAfter),
        ]);
        return {
          password_failures: eb
            .case()
            .when(stale)
            .then(1)
            .else(eb('password_failures', '+', 1))
            .end(),
          password_window_start: eb.case().when(stale).then(at).else(eb.ref('password_window_start')).end(),
        };
      })
      .where('tenant_id', '=', share.tenant_id)
      .where('id', '=', share.id)
      .execute();
  }

  /** Takes one of an upload request's files for this upload of this visitor; false when none is left. */
  async startUpload(share: ShareRow, uploadId: string, visitorHash: string, at: string): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      if (!(await this.takeUse(trx, share))) return false;
      await trx
        .insertInto('share_uploads')
        .values({
          upload_id: uploadId,
          tenant_id: share.tenant_id,
          share_id: share.id,
          visitor_hash: visitorHash,
          created_at: at,
        })
        .execute();
      return true;
    });
  }

  async uploadOf(shareId: string, uploadId: string): Promise<{ visitor_hash: string } | undefined> {
    return this.#db
      .selectFrom('share_uploads')
      .select('visitor_hash')
      .where('share_id', '=', shareId)
      .where('upload_id', '=', uploadId)
      .executeTakeFirst();
  }

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute(work);
  }
}
