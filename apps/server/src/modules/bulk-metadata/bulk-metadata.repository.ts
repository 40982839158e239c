import type { BulkOperation, Permission, Principal } from '@skald/domain';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ItemRow } from '../../db/rows.ts';
import type { BulkMetadataRunsTable, Database } from '../../db/schema.ts';

/** An item a bulk update left alone: its title when the caller could see it, else null. */
export interface SkippedItem {
  id: string;
  title: string | null;
}

export interface BulkRun {
  id: string;
  tenantId: string;
  actorId: string;
  jobId: string | null;
  principal: Principal;
  itemIds: string[];
  operations: BulkOperation[];
  total: number;
  processed: number;
  updated: number;
  skipped: SkippedItem[];
  createdAt: string;
  finishedAt: string | null;
}

type SerializedPrincipal = Omit<Principal, 'permissions'> & { permissions: Permission[] };

function runOf(row: Selectable<BulkMetadataRunsTable>): BulkRun {
  const principal = JSON.parse(row.principal) as SerializedPrincipal;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    actorId: row.actor_id,
    jobId: row.job_id,
    principal: { ...principal, permissions: new Set(principal.permissions) },
    itemIds: JSON.parse(row.item_ids) as string[],
    operations: JSON.parse(row.operations) as BulkOperation[],
    total: row.total,
    processed: row.processed,
    updated: row.updated,
    skipped: JSON.parse(row.skipped) as SkippedItem[],
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** Bulk metadata updates (table bulk_metadata_runs) and how far each has come. */
export class BulkMetadataRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(
    run: Omit<BulkRun, 'jobId' | 'processed' | 'updated' | 'skipped' | 'finishedAt'>,
  ): Promise<void> {
    await this.#db
      .insertInto('bulk_metadata_runs')
      .values({
        id: run.id,
        tenant_id: run.tenantId,
        actor_id: run.actorId,
        job_id: null,
        principal: JSON.stringify({ ...run.principal, permissions: [...run.principal.permissions] }),
        item_ids: JSON.stringify(run.itemIds),
        operations: JSON.stringify(run.operations),
        total: run.total,
        processed: 0,
        updated: 0,
        skipped: '[]',
        created_at: run.createdAt,
        finished_at: null,
      })
      .execute();
  }

  async setJob(tenantId: string, id: string, jobId: string): Promise<void> {
    await this.#db
      .updateTable('bulk_metadata_runs')
      .set({ job_id: jobId })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async byId(
    tenantId: string,
    id: string,
    on: Db | Transaction<Database> = this.#db,
  ): Promise<BulkRun | undefined> {
    const row = await on
      .selectFrom('bulk_metadata_runs')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && runOf(row);
  }

  /** In the batch's transaction: the batch is counted exactly when its items' changes commit. */
  async advance(
    trx: Transaction<Database>,
    run: Pick<BulkRun, 'tenantId' | 'id'>,
    batch: { processed: number; updated: number; skipped: readonly SkippedItem[] },
    skippedSoFar: readonly SkippedItem[],
  ): Promise<void> {
    await trx
      .updateTable('bulk_metadata_runs')
      .set({
        processed: sql`processed + ${batch.processed}`,
        updated: sql`updated + ${batch.updated}`,
        skipped: JSON.stringify([...skippedSoFar, ...batch.skipped]),
      })
      .where('tenant_id', '=', run.tenantId)
      .where('id', '=', run.id)
      .execute();
  }

  /**
   * The items of a batch, read in its transaction: on SQLite that is the writer's connection, which
   * sees every commit (a read worker's may not yet see an item created a moment ago).
   */
  async items(trx: Transaction<Database>, tenantId: string, ids: readonly string[]): Promise<ItemRow[]> {
    if (ids.length === 0) return [];
    return trx
      .selectFrom('items')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .execute();
  }

  async finish(tenantId: string, id: string, at: string): Promise<void> {
    await this.#db
      .updateTable('bulk_metadata_runs')
      .set({ finished_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }
}
