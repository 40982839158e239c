import type { AnalysisKind } from '@skald/domain';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { AnalysisRow } from '../../db/rows.ts';

export type AnalysisWrite = Pick<
  AnalysisRow,
  'tenant_id' | 'item_id' | 'kind' | 'state' | 'progress' | 'error_message' | 'updated_at'
>;

/**
 * What processing owns: every item's analysis states (`item_analyses`, one row per item and kind)
 * and the id of each version's current media job (`item_versions.media_job_id`).
 */
export class ProcessingRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async analyses(tenantId: string, itemIds: readonly string[]): Promise<AnalysisRow[]> {
    if (itemIds.length === 0) return [];
    return this.#db
      .selectFrom('item_analyses')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('item_id', 'in', itemIds)
      .execute();
  }

  /** Sets one analysis state of an item (insert or update). */
  async setAnalysis(on: Executor, row: AnalysisWrite): Promise<void> {
    await on
      .insertInto('item_analyses')
      .values({ ...row, enabled: 1 })
      .onConflict((oc) =>
        oc.columns(['item_id', 'kind']).doUpdateSet({
          state: row.state,
          progress: row.progress,
          error_message: row.error_message,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /**
   * Items whose analysis of this kind is still initiated or progressing, in every tenant: the
   * start-up sweep runs for the whole installation, before any tenant is known (an exception to
   * the tenant-first rule, docs/CODE_STYLE.md).
   */
  async unfinished(kind: AnalysisKind): Promise<Pick<AnalysisRow, 'tenant_id' | 'item_id'>[]> {
    return this.#db
      .selectFrom('item_analyses')
      .select(['tenant_id', 'item_id'])
      .where('kind', '=', kind)
      .where('state', 'in', ['initiated', 'progressing'])
      .execute();
  }

  /** Removes an item's states with the item (inside the caller's transaction). */
  async deleteOfItem(on: Executor, tenantId: string, itemId: string): Promise<void> {
    await on
      .deleteFrom('item_analyses')
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', itemId)
      .execute();
  }

  /** The id of the version's current media job, if it ever had one. */
  async mediaJobOf(tenantId: string, versionId: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom('item_versions')
      .select('media_job_id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', versionId)
      .executeTakeFirst();
    return row?.media_job_id ?? null;
  }

  /**
   * Records the version's new media job, only over the one it follows: a caller that read an older
   * job cannot take the version back to it.
   */
  async setMediaJob(tenantId: string, versionId: string, after: string | null, jobId: string): Promise<void> {
    await this.#db
      .updateTable('item_versions')
      .set({ media_job_id: jobId })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', versionId)
      .where((eb) => (after === null ? eb('media_job_id', 'is', null) : eb('media_job_id', '=', after)))
      .execute();
  }
}
