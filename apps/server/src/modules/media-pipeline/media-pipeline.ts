import type { JobQueue } from '../../jobs/job-queue.ts';
import { nowIso } from '../../lib/time.ts';
import type { ItemEvents } from '../items/item-events.ts';
import type { AnalysisState } from '../items/items.presenter.ts';
import type { Executor, ItemsRepository } from '../items/items.repository.ts';

export const MEDIA_JOB = 'media.process';

export interface MediaJobPayload {
  itemId: string;
  versionId: string;
}

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    [MEDIA_JOB]: MediaJobPayload;
  }
}

export type TranscodingUpdate = Pick<AnalysisState, 'state' | 'progress' | 'errorMessage'>;

/**
 * The item side of the media pipeline: starting a version's processing, and the transcoding
 * state every step writes (spec §4 initiated → progressing → complete | error), relayed live.
 */
export class MediaPipeline {
  readonly #items: ItemsRepository;
  readonly #queue: JobQueue;
  readonly #events: ItemEvents;

  constructor(items: ItemsRepository, queue: JobQueue, events: ItemEvents) {
    this.#items = items;
    this.#queue = queue;
    this.#events = events;
  }

  get queue(): JobQueue {
    return this.#queue;
  }

  /**
   * Marks transcoding initiated and makes sure the version has a job waiting or running: a new one
   * unless one is, so promoting a version whose run failed, or reprocessing, really runs again.
   */
  async start(
    tenantId: string,
    itemId: string,
    versionId: string,
    actorId: string | null,
    options: { again?: boolean } = {},
  ): Promise<void> {
    // Only the leading version's run speaks for the item (spec §4's state is the item's).
    if ((await this.#items.byId(tenantId, itemId))?.leading_version_id === versionId)
      await this.setTranscoding(tenantId, itemId, { state: 'initiated', progress: 0, errorMessage: null });
    await this.#items.addHistory(this.#items.executor, [
      {
        tenantId,
        itemId,
        actorId,
        action: options.again ? 'reprocessed' : 'transcodeStarted',
        at: nowIso(),
      },
    ]);
    await this.#ensureRun(tenantId, itemId, versionId);
  }

  /**
   * Gives every item whose transcoding never finished a job for its leading version again: after a
   * crash between writing the item and enqueueing, or a job that ended without settling the state
   * (its last attempt lost with no API process listening).
   */
  async requeueUnfinished(): Promise<void> {
    for (const row of await this.#items.unfinished('transcoding')) {
      const item = await this.#items.byId(row.tenant_id, row.item_id);
      if (item?.leading_version_id) {
        await this.#ensureRun(item.tenant_id, item.id, item.leading_version_id, () =>
          this.#stillUnfinished(item.tenant_id, item.id),
        );
      }
    }
  }

  /** The id of the version's current media job, if it ever had one. */
  async jobOf(tenantId: string, versionId: string): Promise<string | null> {
    return (await this.#items.version(tenantId, versionId))?.media_job_id ?? null;
  }

  /**
   * Queues a job for the version unless its current one is waiting or running. The key of the new
   * job names the one it follows, so callers racing to rerun the same finished job (a double click,
   * two processes' sweeps) share one new job, and a crash between enqueueing and recording its id
   * finds the same job again. `wanted` is asked once the current job is known to have ended.
   */
  async #ensureRun(
    tenantId: string,
    itemId: string,
    versionId: string,
    wanted: () => Promise<boolean> = () => Promise.resolve(true),
  ): Promise<void> {
    const current = await this.jobOf(tenantId, versionId);
    if (current !== null) {
      const job = await this.#queue.get(tenantId, current);
      if (job?.state === 'queued' || job?.state === 'active') return;
    }
    if (!(await wanted())) return;
    const id = await this.#queue.enqueue(
      MEDIA_JOB,
      { itemId, versionId },
      { tenantId, idempotencyKey: current === null ? `${versionId}:first` : `${versionId}:after:${current}` },
    );
    await this.#items.setMediaJob(tenantId, versionId, current, id);
  }

  /** Read after the job was seen ended: a job settles the state before it ends, so this is no race with it. */
  async #stillUnfinished(tenantId: string, itemId: string): Promise<boolean> {
    const row = (await this.#items.analyses(tenantId, [itemId])).find((r) => r.kind === 'transcoding');
    return row?.state === 'initiated' || row?.state === 'progressing';
  }

  async setTranscoding(
    tenantId: string,
    itemId: string,
    update: TranscodingUpdate,
    on?: Executor,
  ): Promise<void> {
    await this.#items.setAnalysis(on ?? this.#items.executor, {
      tenant_id: tenantId,
      item_id: itemId,
      kind: 'transcoding',
      state: update.state,
      progress: update.progress,
      error_message: update.errorMessage,
      updated_at: nowIso(),
    });
    this.#events.emit({ tenantId, itemId, transcoding: { ...update, enabled: true } });
  }

  /**
   * In an API process: turns the queue's progress, completion and final failure of media jobs
   * (from whichever worker runs them) into item events for the SSE stream. A job that failed for
   * good — including one whose worker died on its last attempt — leaves its item in error.
   */
  async relayEvents(): Promise<() => void> {
    return this.#queue.watch(MEDIA_JOB, (event) => {
      void this.#relay(event.tenantId, event.jobId, event).catch(() => undefined);
    });
  }

  async #relay(
    tenantId: string,
    jobId: string,
    event: { kind: 'progress'; progress: number } | { kind: 'completed' } | { kind: 'failed'; error: string },
  ): Promise<void> {
    const job = await this.#queue.get(tenantId, jobId);
    if (job?.type !== MEDIA_JOB) return;
    const { itemId, versionId } = job.payload;
    if (event.kind === 'failed') {
      // Only the leading version's run speaks for the item; an older one's failure stays with the job.
      const item = await this.#items.byId(tenantId, itemId);
      if (item?.leading_version_id !== versionId) return;
      await this.setTranscoding(tenantId, itemId, { state: 'error', progress: 0, errorMessage: event.error });
      return;
    }
    const [row] = await this.#items
      .analyses(tenantId, [itemId])
      .then((rows) => rows.filter((r) => r.kind === 'transcoding'));
    if (!row) return;
    this.#events.emit({
      tenantId,
      itemId,
      transcoding: {
        state: row.state as AnalysisState['state'],
        progress: row.progress,
        errorMessage: row.error_message,
        enabled: row.enabled === 1,
      },
    });
  }
}
