import type { AnalysisKind, AnalysisState, AnalysisStateName } from '@skald/domain';
import type { AccessRepository } from '../../access/access.repository.ts';
import { guardedOf } from '../../access/guarded.ts';
import type { Executor } from '../../db/executor.ts';
import type { JobEvent, JobQueue } from '../../jobs/job-queue.ts';
import { nowIso } from '../../lib/time.ts';
import type { ItemEvents } from './item-events.ts';
import type { ProcessedItems } from './processed-items.ts';
import type { ProcessingRepository } from './processing.repository.ts';
import { RENDER_JOB, type RenderJobPayload } from './render-job.ts';
import type { RenderRequests } from './render-requests.ts';

export const MEDIA_JOB = 'media.process';

/** What every job that processes a version is given. */
export interface VersionJobPayload {
  itemId: string;
  versionId: string;
}

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    [MEDIA_JOB]: VersionJobPayload;
  }
}

/**
 * The job that runs each kind of processing that has a runner here. The analyses (scene and text
 * detection, transcription) run as the analysis module's `analysis.run` job, their states set
 * through setState like these; person, celebrity and label detection and archive file transfer
 * have a state but no job yet.
 */
const RUNNERS = { transcoding: MEDIA_JOB } as const satisfies Partial<Record<AnalysisKind, string>>;
export type RunnableKind = keyof typeof RUNNERS;
const runnableKinds = Object.keys(RUNNERS) as RunnableKind[];
/** The jobs whose progress and failure are a kind's state: a render makes its item's media, as transcoding does. */
const RELAYED: Record<RunnableKind, readonly string[]> = { transcoding: [MEDIA_JOB, RENDER_JOB] };

/** How a leading version's run ended, for whoever tells the item's owner (notifications). */
export interface JobOutcome {
  tenantId: string;
  jobId: string;
  itemId: string;
  itemTitle: string;
  ownerId: string;
  outcome: 'finished' | 'failed';
}

export type StateUpdate = Pick<AnalysisState, 'state' | 'progress' | 'errorMessage'>;

interface Deps {
  repository: ProcessingRepository;
  items: ProcessedItems;
  access: AccessRepository;
  queue: JobQueue;
  /** The SSE stream's events; a worker process has no subscribers and leaves it out. */
  events?: ItemEvents | undefined;
  /** The render making an item that has no file yet, to queue it again after a crash. */
  renders: Pick<RenderRequests, 'makingItem'>;
}

/**
 * Everything that runs on a worker, seen from the item: starting a kind of processing for a
 * version, the state of each kind (spec §4 initiated → progressing → complete | error, written
 * only here), requeueing what never finished, and relaying the workers' progress as item events.
 */
export class ProcessingService {
  readonly #d: Deps;

  constructor(deps: Deps) {
    this.#d = deps;
  }

  /** The analysis states of these items, every kind that has one. */
  async statesOf(tenantId: string, itemIds: readonly string[]) {
    return this.#d.repository.analyses(tenantId, itemIds);
  }

  /**
   * Marks the kind initiated and makes sure the version has a job waiting or running: a new one
   * unless one is, so promoting a version whose run failed, or reprocessing, really runs again.
   * A running job keeps the state its own: it may have settled it already and be about to end, and
   * marking it initiated after its last word would leave it so, with no job.
   */
  async start(
    kind: RunnableKind,
    tenantId: string,
    itemId: string,
    versionId: string,
    actorId: string | null,
    options: { again?: boolean } = {},
  ): Promise<void> {
    await this.#d.items.addHistory(this.#d.items.executor, [
      {
        tenantId,
        itemId,
        actorId,
        action: options.again ? 'reprocessed' : 'transcodeStarted',
        at: nowIso(),
      },
    ]);
    const current = await this.#currentJob(tenantId, versionId);
    if (current.state === 'active') return;
    // Only the leading version's run speaks for the item (spec §4's state is the item's).
    if ((await this.#d.items.byId(tenantId, itemId))?.leading_version_id === versionId)
      await this.setState(kind, tenantId, itemId, { state: 'initiated', progress: 0, errorMessage: null });
    if (current.state !== 'queued') await this.#enqueue(kind, tenantId, itemId, versionId, current.id);
  }

  /**
   * Gives every item whose processing never finished a job for its leading version again: after a
   * crash between writing the item and enqueueing, or a job that ended without settling the state
   * (its last attempt lost with no API process listening).
   */
  async requeueUnfinished(): Promise<void> {
    for (const kind of runnableKinds) {
      for (const row of await this.#d.repository.unfinished(kind)) {
        const item = await this.#d.items.byId(row.tenant_id, row.item_id);
        if (item?.leading_version_id) {
          await this.#ensureRun(kind, item.tenant_id, item.id, item.leading_version_id, () =>
            this.#stillUnfinished(kind, item.tenant_id, item.id),
          );
        } else if (item) {
          // An item a render is making: its job is queued again (a no-op while it waits or runs).
          const render = await this.#d.renders.makingItem(item.tenant_id, item.id);
          if (render)
            await this.startRender(item.tenant_id, {
              renderId: render.id,
              itemId: item.id,
              versionId: render.target_version_id,
            });
        }
      }
    }
  }

  /**
   * Queues the render that makes an announced item's first version (the item is in its initiated
   * state already). Keyed by the render, so asking twice queues it once.
   */
  async startRender(tenantId: string, payload: RenderJobPayload): Promise<string> {
    return this.#d.queue.enqueue(RENDER_JOB, payload, {
      tenantId,
      idempotencyKey: `render:${payload.renderId}`,
    });
  }

  /** The id of the version's current media job, if it ever had one. */
  async jobOf(tenantId: string, versionId: string): Promise<string | null> {
    return this.#d.repository.mediaJobOf(tenantId, versionId);
  }

  /** The one writer of analysis states; transcoding changes are announced on the SSE stream. */
  async setState(
    kind: AnalysisKind,
    tenantId: string,
    itemId: string,
    update: StateUpdate,
    on?: Executor,
  ): Promise<void> {
    await this.#d.repository.setAnalysis(on ?? this.#d.items.executor, {
      tenant_id: tenantId,
      item_id: itemId,
      kind,
      state: update.state,
      progress: update.progress,
      error_message: update.errorMessage,
      updated_at: nowIso(),
    });
    if (kind === 'transcoding') await this.#announce(tenantId, itemId, { ...update, enabled: true }, on);
  }

  /** Removes the item's states with the item, inside its permanent delete. */
  async forget(on: Executor, tenantId: string, itemId: string): Promise<void> {
    await this.#d.repository.deleteOfItem(on, tenantId, itemId);
  }

  /**
   * In an API process: turns the queue's progress, completion and final failure of processing jobs
   * (from whichever worker runs them) into item events for the SSE stream. A job that failed for
   * good — including one whose worker died on its last attempt — leaves its item in error.
   */
  async relayEvents(): Promise<() => void> {
    const stops = await Promise.all(
      runnableKinds.flatMap((kind) =>
        RELAYED[kind].map((type) =>
          this.#d.queue.watch(type as typeof MEDIA_JOB, (event) => {
            void this.#relay(kind, event).catch(() => undefined);
          }),
        ),
      ),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }

  /**
   * Calls `listener` once a leading version's run has ended, finished (complete) or failed (error,
   * also a file the tools refused), wherever it ran. Every API process that watches hears each end.
   */
  async watchOutcomes(listener: (outcome: JobOutcome) => void): Promise<() => void> {
    const stops = await Promise.all(
      runnableKinds.map((kind) =>
        this.#d.queue.watch(RUNNERS[kind], (event) => {
          if (event.kind === 'progress') return;
          void this.#outcome(kind, event)
            .then((outcome) => {
              if (outcome) listener(outcome);
            })
            .catch(() => undefined);
        }),
      ),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }

  async #outcome(kind: RunnableKind, event: JobEvent): Promise<JobOutcome | undefined> {
    const { tenantId, jobId } = event;
    const job = await this.#d.queue.get(tenantId, jobId);
    if (job?.type !== RUNNERS[kind]) return undefined;
    const item = await this.#d.items.byId(tenantId, job.payload.itemId);
    if (!item || item.leading_version_id !== job.payload.versionId) return undefined;
    // A failed job's state is written by #relay as it hears the same event; a completed one settled it.
    const state = event.kind === 'failed' ? 'error' : (await this.#stateOf(kind, tenantId, item.id))?.state;
    if (state !== 'complete' && state !== 'error') return undefined;
    const outcome = state === 'complete' ? 'finished' : 'failed';
    return { tenantId, jobId, itemId: item.id, itemTitle: item.title, ownerId: item.owner_id, outcome };
  }

  /**
   * Queues a job for the version unless its current one is waiting or running; `wanted` is asked
   * once the current job is known to have ended.
   */
  async #ensureRun(
    kind: RunnableKind,
    tenantId: string,
    itemId: string,
    versionId: string,
    wanted: () => Promise<boolean>,
  ): Promise<void> {
    const current = await this.#currentJob(tenantId, versionId);
    if (current.state === 'queued' || current.state === 'active') return;
    if (await wanted()) await this.#enqueue(kind, tenantId, itemId, versionId, current.id);
  }

  /** The version's current media job and its state (undefined when it has none, or it is gone). */
  async #currentJob(tenantId: string, versionId: string) {
    const id = await this.#d.repository.mediaJobOf(tenantId, versionId);
    const job = id === null ? undefined : await this.#d.queue.get(tenantId, id);
    return { id, state: job?.state };
  }

  /**
   * A new job for the version, following `current`. Its key names the job it follows, so callers
   * racing to rerun the same finished job (a double click, two processes' sweeps) share one new
   * job, and a crash between enqueueing and recording its id finds the same job again.
   */
  async #enqueue(
    kind: RunnableKind,
    tenantId: string,
    itemId: string,
    versionId: string,
    current: string | null,
  ): Promise<void> {
    const id = await this.#d.queue.enqueue(
      RUNNERS[kind],
      { itemId, versionId },
      { tenantId, idempotencyKey: current === null ? `${versionId}:first` : `${versionId}:after:${current}` },
    );
    await this.#d.repository.setMediaJob(tenantId, versionId, current, id);
  }

  async #stateOf(kind: AnalysisKind, tenantId: string, itemId: string) {
    return (await this.#d.repository.analyses(tenantId, [itemId])).find((r) => r.kind === kind);
  }

  /** Read after the job was seen ended: a job settles the state before it ends, so this is no race with it. */
  async #stillUnfinished(kind: AnalysisKind, tenantId: string, itemId: string): Promise<boolean> {
    const row = await this.#stateOf(kind, tenantId, itemId);
    return row?.state === 'initiated' || row?.state === 'progressing';
  }

  async #relay(kind: RunnableKind, event: JobEvent): Promise<void> {
    const { tenantId } = event;
    const job = await this.#d.queue.get(tenantId, event.jobId);
    // Relayed jobs are a version's (media, render); other job types carry no item.
    if (job === undefined || !RELAYED[kind].includes(job.type) || !('versionId' in job.payload)) return;
    const { itemId, versionId } = job.payload;
    if (event.kind === 'failed') {
      // Only the leading version's run speaks for the item (an older one's failure stays with the
      // job); a render speaks for the item it makes until its file arrives.
      const item = await this.#d.items.byId(tenantId, itemId);
      const leading = job.type === RENDER_JOB ? null : versionId;
      if (item === undefined || item.leading_version_id !== leading) return;
      await this.setState(kind, tenantId, itemId, { state: 'error', progress: 0, errorMessage: event.error });
      return;
    }
    const row = await this.#stateOf(kind, tenantId, itemId);
    if (!row) return;
    await this.#announce(tenantId, itemId, {
      state: row.state as AnalysisStateName | null,
      progress: row.progress,
      errorMessage: row.error_message,
      enabled: row.enabled === 1,
    });
  }

  /**
   * Tells this process's SSE subscribers, with the item's access as it is now so each is filtered
   * without a query. Read on the writer's executor: inside its transaction, the item may be new.
   */
  async #announce(
    tenantId: string,
    itemId: string,
    transcoding: AnalysisState,
    on: Executor = this.#d.items.executor,
  ): Promise<void> {
    const events = this.#d.events;
    if (!events?.hasSubscribers) return;
    const item = await this.#d.items.byId(tenantId, itemId, on);
    if (!item) return;
    const groups = await this.#d.access.groupsOf(tenantId, [itemId], on);
    events.emit({ tenantId, itemId, access: guardedOf(item, groups.get(itemId)), transcoding });
  }
}
