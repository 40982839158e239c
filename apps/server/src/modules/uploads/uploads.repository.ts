import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { Db } from '../../db/database.ts';
import { paged } from '../../db/paged.ts';
import type { UploadsTable } from '../../db/schema.ts';
import type { Paging } from '../../lib/paging.ts';

export type UploadRow = Selectable<UploadsTable>;

export class UploadsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: Insertable<UploadsTable>): Promise<void> {
    await this.#db.insertInto('uploads').values(row).execute();
  }

  /** By the tus id, in the caller's tenant. */
  async byUploadId(tenantId: string, id: string): Promise<UploadRow | undefined> {
    return this.#db
      .selectFrom('uploads')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async update(
    tenantId: string,
    id: string,
    patch: Updateable<UploadsTable>,
    on: Executor = this.#db,
  ): Promise<void> {
    await on
      .updateTable('uploads')
      .set(patch)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** Fails an upload still in progress (one that finished or was refused meanwhile keeps its state). */
  async failUnfinished(tenantId: string, id: string, at: string): Promise<void> {
    await this.#db
      .updateTable('uploads')
      .set({ state: 'failed', updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('state', '=', 'uploading')
      .execute();
  }

  /**
   * Uploads still in progress that received nothing since `before` (ISO-8601), in every tenant:
   * the hourly expiry runs for the installation (an exception to the tenant-first rule).
   */
  async idleSince(before: string): Promise<UploadRow[]> {
    return this.#db
      .selectFrom('uploads')
      .selectAll()
      .where('state', '=', 'uploading')
      .where('updated_at', '<', before)
      .execute();
  }

  /** Uploads not yet turned into items, in every tenant (the recovery sweep at start, as above). */
  async unfinished(): Promise<UploadRow[]> {
    return this.#db.selectFrom('uploads').selectAll().where('state', '=', 'uploading').execute();
  }

  /** The upload request a guest's upload came through, if it did (its history names the link). */
  async shareOf(tenantId: string, uploadId: string): Promise<{ id: string; title: string } | undefined> {
    return this.#db
      .selectFrom('share_uploads')
      .innerJoin('shares', (join) =>
        join
          .onRef('shares.id', '=', 'share_uploads.share_id')
          .onRef('shares.tenant_id', '=', 'share_uploads.tenant_id'),
      )
      .select(['shares.id', 'shares.title'])
      .where('share_uploads.tenant_id', '=', tenantId)
      .where('share_uploads.upload_id', '=', uploadId)
      .executeTakeFirst();
  }

  async ofUser(tenantId: string, userId: string, q: Paging) {
    const base = this.#db
      .selectFrom('uploads')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId);
    return paged(base, (b) => b.selectAll().orderBy('id', 'desc'), q);
  }
}
