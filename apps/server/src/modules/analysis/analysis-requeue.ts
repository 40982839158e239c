import { ANALYSIS_JOB_KINDS, type AnalysisJobKind } from '@skald/domain';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { latestStart } from '../processing/started-entries.ts';
import { ANALYSIS_JOB, analysisRunKey } from './analysis-job.ts';

/**
 * At an API process's start: every analysis left initiated (its start written, its job perhaps
 * never queued, or lost with the queue's store) is queued again, keyed as its start keyed it, so a
 * job still waiting is not doubled. The language comes from the start's history entry. Answers the
 * job ids.
 */
export async function requeueInitiatedAnalyses(d: { db: Db; queue: JobQueue }): Promise<string[]> {
  const rows = await d.db
    .selectFrom('item_analyses')
    .innerJoin('items', (join) =>
      join
        .onRef('items.id', '=', 'item_analyses.item_id')
        .onRef('items.tenant_id', '=', 'item_analyses.tenant_id'),
    )
    .select([
      'item_analyses.tenant_id',
      'item_analyses.item_id',
      'item_analyses.kind',
      'items.leading_version_id',
    ])
    .where('item_analyses.kind', 'in', ANALYSIS_JOB_KINDS)
    .where('item_analyses.state', '=', 'initiated')
    .where('items.deleted_at', 'is', null)
    .execute();
  const ids: string[] = [];
  for (const row of rows) {
    const kind = row.kind as AnalysisJobKind;
    if (row.leading_version_id === null) continue;
    const start = await latestStart<{ kind: string; language: string }>(
      d.db,
      { tenantId: row.tenant_id, itemId: row.item_id, action: 'analysisStarted' },
      (details) => details.kind === kind,
    );
    if (!start) continue;
    ids.push(
      await d.queue.enqueue(
        ANALYSIS_JOB,
        {
          itemId: row.item_id,
          versionId: row.leading_version_id,
          kind,
          language: start.details.language ?? 'en',
        },
        {
          tenantId: row.tenant_id,
          idempotencyKey: analysisRunKey(kind, row.item_id, start.at),
          background: start.actorId === null,
        },
      ),
    );
  }
  return ids;
}
