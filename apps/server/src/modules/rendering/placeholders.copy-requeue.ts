import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { latestStart } from '../processing/started-entries.ts';
import {
  COPY_MEDIA_JOB,
  COPY_STARTED,
  copyJobKey,
  type CopyMediaJobPayload,
} from './placeholders.copy-job.ts';

type CopyStart = Omit<CopyMediaJobPayload, 'itemId' | 'userId'>;

/**
 * At an API process's start: every placeholder a copy of media left initiated (its start written,
 * its job perhaps never queued, or lost with the queue's store) gets its copy queued again from the
 * start's history entry, keyed as the start keyed it, so a job still waiting is not doubled. A
 * placeholder a central render is filling is the render's (ProcessingService.requeueUnfinished).
 * Answers the job ids.
 */
export async function requeueInitiatedCopies(d: {
  db: Db;
  queue: Pick<JobQueue, 'enqueue'>;
}): Promise<string[]> {
  const rows = await d.db
    .selectFrom('item_analyses')
    .innerJoin('items', (join) =>
      join
        .onRef('items.id', '=', 'item_analyses.item_id')
        .onRef('items.tenant_id', '=', 'item_analyses.tenant_id'),
    )
    .select(['item_analyses.tenant_id', 'item_analyses.item_id'])
    .where('item_analyses.kind', '=', 'transcoding')
    .where('item_analyses.state', '=', 'initiated')
    .where('items.leading_version_id', 'is', null)
    .where('items.deleted_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('renders')
            .select('renders.id')
            .whereRef('renders.tenant_id', '=', 'items.tenant_id')
            .whereRef('renders.target_item_id', '=', 'items.id'),
        ),
      ),
    )
    .execute();
  const ids: string[] = [];
  for (const row of rows) {
    const start = await latestStart<CopyStart>(d.db, {
      tenantId: row.tenant_id,
      itemId: row.item_id,
      action: COPY_STARTED,
    });
    const { versionId, sourceItemId, sourceVersionId } = start?.details ?? {};
    if (!start?.actorId || !versionId || !sourceItemId || !sourceVersionId) continue;
    const payload = { itemId: row.item_id, versionId, sourceItemId, sourceVersionId, userId: start.actorId };
    ids.push(
      await d.queue.enqueue(COPY_MEDIA_JOB, payload, {
        tenantId: row.tenant_id,
        idempotencyKey: copyJobKey(payload),
      }),
    );
  }
  return ids;
}
