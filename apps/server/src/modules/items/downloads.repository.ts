import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paged } from '../../db/paged.ts';
import type { DownloadsTable } from '../../db/schema.ts';
import type { Paging } from '../../lib/paging.ts';

/** The download tab's history: what a user downloaded, newest first. */
export class DownloadsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: Insertable<DownloadsTable>): Promise<void> {
    await this.#db.insertInto('downloads').values(row).execute();
  }

  async ofUser(tenantId: string, userId: string, q: Paging) {
    const base = this.#db
      .selectFrom('downloads')
      .leftJoin('items', (join) =>
        join.onRef('items.id', '=', 'downloads.item_id').onRef('items.tenant_id', '=', 'downloads.tenant_id'),
      )
      .where('downloads.tenant_id', '=', tenantId)
      .where('downloads.user_id', '=', userId);
    return paged(
      base,
      (b) =>
        b
          .select([
            'downloads.id',
            'downloads.item_id',
            'downloads.kind',
            'downloads.filename',
            'downloads.size',
            'downloads.created_at',
            'items.title',
          ])
          .orderBy('downloads.id', 'desc'),
      q,
    );
  }
}
