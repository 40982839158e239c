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
   * Marks transcoding initiated and enqueues the job. The same version is processed once unless
   * `again` (reprocess) asks for a fresh run.
   */
  async start(
    tenantId: string,
    itemId: string,
    versionId: string,
    actorId: string | null,
    options: { again?: boolean; on?: Executor } = {},
  ): Promise<void> {
    const at = nowIso();
    await this.setTranscoding(
      tenantId,
      itemId,
      { state: 'initiated', progress: 0, errorMessage: null },
      options.on,
    );
    await this.#items.addHistory(options.on ?? this.#items.executor, [
      { tenantId, itemId, actorId, action: options.again ? 'reprocessed' : 'transcodeStarted', at },
    ]);
    await this.#queue.enqueue(
      MEDIA_JOB,
      { itemId, versionId },
      { tenantId, idempotencyKey: options.again ? `${versionId}:${at}` : versionId },
    );
  }

  /** Enqueues (idempotently) the job of every item whose transcoding never finished. */
  async requeueUnfinished(): Promise<void> {
    for (const row of await this.#items.unfinished('transcoding')) {
      const item = await this.#items.byId(row.tenant_id, row.item_id);
      if (item?.leading_version_id) {
        await this.#queue.enqueue(
          MEDIA_JOB,
          { itemId: item.id, versionId: item.leading_version_id },
          { tenantId: item.tenant_id, idempotencyKey: item.leading_version_id },
        );
      }
    }
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
    const { itemId } = job.payload;
    if (event.kind === 'failed') {
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
