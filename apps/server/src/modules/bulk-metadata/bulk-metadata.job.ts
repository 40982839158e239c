import {
  applyBulkOperations,
  checkUpdatable,
  checkVisibility,
  hasPermission,
  type ItemMetadata,
  type Principal,
} from '@skald/domain';
import { guardedOf } from '../../access/guarded.ts';
import type { AccessRepository } from '../../access/access.repository.ts';
import type { Transaction } from 'kysely';
import type { ItemHistoryEntry, ItemRow } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { nowIso } from '../../lib/time.ts';
import type { BulkMetadataRepository, BulkRun, SkippedItem } from './bulk-metadata.repository.ts';

export const BULK_METADATA_JOB = 'metadata.bulk';

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    [BULK_METADATA_JOB]: { runId: string };
  }
}

/**
 * Items one transaction changes. Each item's change is whole either way (its values, its search
 * terms and its history in one transaction); a batch makes SQLite's one writer commit less often,
 * and stays short enough (about 30 ms on SQLite) not to hold a process that also serves requests.
 */
export const BULK_BATCH = 100;

/** What the job needs of the items (the items repository, passed in by the composition root). */
export interface BulkItems {
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  addHistory(trx: Transaction<Database>, entries: readonly ItemHistoryEntry[]): Promise<void>;
}

/** What it needs of their form values (the item metadata repository). */
export interface BulkItemValues {
  lockAll(trx: Transaction<Database>, tenantId: string, itemIds: readonly string[]): Promise<void>;
  ofAll(
    trx: Transaction<Database>,
    tenantId: string,
    itemIds: readonly string[],
  ): Promise<Map<string, ItemMetadata>>;
  putAll(
    trx: Transaction<Database>,
    tenantId: string,
    entries: readonly { itemId: string; forms: ItemMetadata }[],
    at: string,
  ): Promise<void>;
}

export interface BulkMetadataJobDeps {
  runs: BulkMetadataRepository;
  items: BulkItems;
  access: Pick<AccessRepository, 'groupsOf'>;
  metadata: BulkItemValues;
}

/** Spec §6 item.updateMetadata and the item's visible-to and updatable-by lists, as the single PATCH checks. */
function mayUpdate(principal: Principal, item: ItemRow | undefined, guarded: ReturnType<typeof guardedOf>) {
  return (
    item !== undefined &&
    item.deleted_at === null &&
    hasPermission(principal, 'item.updateMetadata') &&
    checkVisibility(principal, guarded) === 'allowed' &&
    checkUpdatable(principal, guarded) === 'allowed'
  );
}

/** The item's values after the run's operations, and the history entry of each field that changed. */
function changed(run: BulkRun, itemId: string, stored: ItemMetadata, at: string) {
  const forms: Record<string, Readonly<Record<string, unknown>>> = { ...stored };
  const history: ItemHistoryEntry[] = [];
  for (const formId of new Set(run.operations.map((o) => o.form))) {
    const operations = run.operations.filter((o) => o.form === formId);
    const before = stored[formId] ?? {};
    const after = applyBulkOperations(before, operations);
    forms[formId] = after;
    for (const { field } of operations) {
      const was: unknown = before[field] ?? null;
      const now: unknown = after[field] ?? null;
      if (JSON.stringify(was) === JSON.stringify(now)) continue;
      history.push({
        tenantId: run.tenantId,
        itemId,
        actorId: run.actorId,
        action: 'metadataChanged',
        details: { form: formId, field, before: was, after: now },
        at,
      });
    }
  }
  return { forms, history };
}

/** One batch: the items the caller may update change, each whole; the others are listed. */
async function runBatch(
  d: BulkMetadataJobDeps,
  run: BulkRun,
  ids: readonly string[],
  skippedSoFar: SkippedItem[],
) {
  const { tenantId, principal } = run;
  const skipped: SkippedItem[] = [];
  const at = nowIso();
  await d.items.transaction(async (trx) => {
    // Locked first, so the rights and values read below are those the change is made on.
    await d.metadata.lockAll(trx, tenantId, ids);
    const [rows, groups] = await Promise.all([
      d.runs.items(trx, tenantId, ids),
      d.access.groupsOf(tenantId, ids, trx),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const allowed: string[] = [];
    for (const id of ids) {
      const item = byId.get(id);
      const guarded = item && guardedOf(item, groups.get(id));
      if (item && guarded && mayUpdate(principal, item, guarded)) allowed.push(id);
      else {
        const visible = item && guarded && checkVisibility(principal, guarded) === 'allowed';
        skipped.push({ id, title: visible ? item.title : null });
      }
    }
    const stored = await d.metadata.ofAll(trx, tenantId, allowed);
    const changes = allowed
      .map((id) => ({ itemId: id, ...changed(run, id, stored.get(id) ?? {}, at) }))
      .filter((c) => c.history.length > 0);
    await d.metadata.putAll(trx, tenantId, changes, at);
    await d.items.addHistory(
      trx,
      changes.flatMap((c) => c.history),
    );
    await d.runs.advance(trx, run, { processed: ids.length, updated: allowed.length, skipped }, skippedSoFar);
  });
  return skipped;
}

/**
 * Issue 12 §2: a bulk metadata update, batch after batch from where the last committed one ended
 * (a run after a crash repeats nothing), with its real progress. Items the caller may not update
 * (permissions as they were when they asked) are skipped and listed.
 */
export async function runBulkMetadataJob(
  d: BulkMetadataJobDeps,
  job: JobContext<typeof BULK_METADATA_JOB, { runId: string }>,
): Promise<void> {
  const run = await d.items.transaction((trx) => d.runs.byId(job.tenantId, job.payload.runId, trx));
  // Written before the job was queued; a read that does not see it yet is tried again later.
  if (!run) throw new Error(`Bulk update ${job.payload.runId} not found`);
  if (run.finishedAt !== null) return;
  let skipped = run.skipped;
  for (let from = run.processed; from < run.total; from += BULK_BATCH) {
    if (job.signal.aborted) throw new Error('The bulk update was interrupted; it goes on where it stopped');
    const batch = await runBatch(d, run, run.itemIds.slice(from, from + BULK_BATCH), skipped);
    skipped = [...skipped, ...batch];
    const done = Math.min(run.total, from + BULK_BATCH);
    await job.reportProgress((done / run.total) * 100, `${String(done)} of ${String(run.total)}`);
  }
  await d.runs.finish(run.tenantId, run.id, nowIso());
}
