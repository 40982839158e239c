import {
  ANALYSIS_FAILURES,
  MESSAGES,
  analysisRefusal,
  type AnalysisJobKind,
  type AnalysisStateName,
  type ItemType,
  type Shot,
  type TextLine,
  type TranscriptSegment,
} from '@skald/domain';
import type { AnalysisMomentRow, ItemRow } from '../../db/rows.ts';
import type { Identity } from '../../identity/identity.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError, badField, notFound } from '../../plugins/errors.ts';
import { parseBlobKey, type BlobKey } from '../../storage/blob-key.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { ProcessedItems } from '../processing/processed-items.ts';
import type { ProcessingService } from '../processing/processing.service.ts';
import { ANALYSIS_JOB, analysisRunKey } from './analysis-job.ts';
import type { FacePersons } from '../persons/face-registry.ts';
import type { AnalysisRepository } from './analysis.repository.ts';

interface Deps {
  moments: AnalysisRepository;
  persons: FacePersons;
  items: Pick<ItemsService, 'visible'>;
  history: Pick<ProcessedItems, 'addHistory' | 'executor' | 'byId'>;
  processing: Pick<ProcessingService, 'setState' | 'statesOf'>;
  queue: JobQueue;
}

/** What a bulk start did: the items it started on, and those it skipped with the reason. */
export interface BulkStartDto {
  started: string[];
  skipped: { itemId: string; message: string }[];
}

export interface TranscriptDto {
  language: string | null;
  provider: string | null;
  segments: TranscriptSegment[];
}

/** A face on the timeline: the person it matched (null: no one yet) and their name (null: unknown). */
export interface TimelineFace {
  id: string;
  kind: 'face' | 'celebrity';
  startMs: number;
  endMs: number;
  /** The similarity to the person's image in percent, or the detector's confidence for no one. */
  score: number;
  box: Box;
  personId: string | null;
  name: string | null;
}

/** A COCO object on the timeline. */
export interface TimelineLabel {
  startMs: number;
  endMs: number;
  label: string;
  score: number;
  box: Box;
}

export interface Timeline {
  shots: Shot[];
  textLines: TextLine[];
  faces: TimelineFace[];
  labels: TimelineLabel[];
}

type Box = TextLine['box'];

const keyframeUrl = (itemId: string, shotId: string) =>
  `/api/v1/items/${itemId}/analysis/keyframes/${shotId}`;
const json = <T>(value: string | null, fallback: T): T =>
  value === null ? fallback : (JSON.parse(value) as T);

/**
 * Issue 14's analyses seen from the item: starting one (spec §4: not while it runs; spec §6:
 * analytics.* on the route) and reading what each found, time-coded.
 */
export class AnalysisService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /** Queues an analysis of the item's leading version; its state goes initiated at once. */
  async start(caller: Identity, itemId: string, kind: AnalysisJobKind, language: string): Promise<void> {
    const { item } = await this.#d.items.visible(caller, itemId);
    await this.#queue(item, kind, language, caller.user.id);
  }

  /**
   * Starts the kind on an item with no one asking (after its transcode, by the tenant's or its
   * folder's setting); an item it does not apply to now is left alone.
   */
  async startAutomatically(tenantId: string, itemId: string, kind: AnalysisJobKind, language: string) {
    const item = await this.#d.history.byId(tenantId, itemId);
    if (!item || item.deleted_at !== null) return;
    await this.#queue(item, kind, language, null).catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
    });
  }

  async #queue(
    item: ItemRow,
    kind: AnalysisJobKind,
    language: string,
    actorId: string | null,
  ): Promise<void> {
    const { tenant_id: tenantId, id: itemId } = item;
    const state = (await this.#d.processing.statesOf(tenantId, [itemId])).find((r) => r.kind === kind);
    const refusal = analysisRefusal(kind, {
      itemType: item.item_type as ItemType,
      hasMedia: item.leading_version_id !== null,
      state: (state?.state ?? null) as AnalysisStateName | null,
    });
    if (refusal !== null)
      throw new AppError(refusal === 'analysisInProgress' ? 'conflict' : 'bad_request', MESSAGES[refusal]);
    const versionId = item.leading_version_id as string;
    await this.#d.processing.setState(kind, tenantId, itemId, {
      state: 'initiated',
      progress: 0,
      errorMessage: null,
    });
    // The start's time keys its job, so a restart can queue it again once (analysis-requeue.ts).
    const at = nowIso();
    await this.#d.history.addHistory(this.#d.history.executor, [
      { tenantId, itemId, actorId, action: 'analysisStarted', details: { kind, language }, at },
    ]);
    await this.#d.queue.enqueue(
      ANALYSIS_JOB,
      { itemId, versionId, kind, language },
      // One an upload or a folder started gives way to one a person started and waits for.
      { tenantId, idempotencyKey: analysisRunKey(kind, itemId, at), background: actorId === null },
    );
  }

  /**
   * Starts the kind on each item of a selection (issue 14: bulk, from the search or folder bulk
   * bar): transcription needs its language chosen for all (spec §5). An item the kind cannot start
   * on now (not visible, its type, no media, already running) is skipped with the reason.
   */
  async startMany(
    caller: Identity,
    kind: AnalysisJobKind,
    itemIds: readonly string[],
    language: string | undefined,
  ): Promise<BulkStartDto> {
    if (kind === 'transcription' && language === undefined)
      throw badField('language', MESSAGES.bulkTranscriptionLanguage);
    const result: BulkStartDto = { started: [], skipped: [] };
    for (const itemId of new Set(itemIds)) {
      try {
        await this.start(caller, itemId, kind, language ?? 'en');
        result.started.push(itemId);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        result.skipped.push({ itemId, message: err.message });
      }
    }
    return result;
  }

  /**
   * In an API process: a run that ended without settling its state (its worker died on the last
   * attempt) leaves the kind in error with its own message, so it can be started again.
   */
  async settleLostRuns(): Promise<() => void> {
    return this.#d.queue.watch(ANALYSIS_JOB, (event) => {
      if (event.kind !== 'failed') return;
      void this.#settleLost(event.tenantId, event.jobId).catch(() => undefined);
    });
  }

  async #settleLost(tenantId: string, jobId: string): Promise<void> {
    const job = await this.#d.queue.get(tenantId, jobId);
    if (job?.type !== ANALYSIS_JOB) return;
    const { itemId, kind } = job.payload;
    const state = (await this.#d.processing.statesOf(tenantId, [itemId])).find((r) => r.kind === kind);
    if (state?.state !== 'initiated' && state?.state !== 'progressing') return;
    await this.#d.processing.setState(kind, tenantId, itemId, {
      state: 'error',
      progress: 0,
      errorMessage: MESSAGES[ANALYSIS_FAILURES[kind]],
    });
  }

  /** The shots (with keyframes), the text read in frames, the faces and the labels, in time order. */
  async timeline(caller: Identity, itemId: string): Promise<Timeline> {
    await this.#d.items.visible(caller, itemId);
    const tenantId = caller.tenant.id;
    const [shots, lines, faces, celebrities, labels, persons] = await Promise.all([
      this.#d.moments.list(tenantId, itemId, 'shot'),
      this.#d.moments.list(tenantId, itemId, 'text'),
      this.#d.moments.list(tenantId, itemId, 'face'),
      this.#d.moments.list(tenantId, itemId, 'celebrity'),
      this.#d.moments.list(tenantId, itemId, 'label'),
      this.#d.persons.personsOfMoments(tenantId, itemId),
    ]);
    const noBox = { x: 0, y: 0, width: 0, height: 0 };
    return {
      faces: [...faces, ...celebrities].map((r) => ({
        id: r.id,
        kind: r.kind === 'celebrity' ? 'celebrity' : 'face',
        startMs: r.start_ms,
        endMs: r.end_ms,
        score: r.score,
        box: json(r.box, noBox),
        personId: persons.get(r.id) ?? null,
        name: r.text,
      })),
      labels: labels.map((r) => ({
        startMs: r.start_ms,
        endMs: r.end_ms,
        label: r.text ?? '',
        score: r.score,
        box: json(r.box, noBox),
      })),
      shots: shots.map((r) => ({
        id: r.id,
        startMs: r.start_ms,
        endMs: r.end_ms,
        score: r.score,
        keyframeUrl: r.blob_key ? keyframeUrl(itemId, r.id) : null,
      })),
      textLines: lines.map((r) => ({
        startMs: r.start_ms,
        endMs: r.end_ms,
        text: r.text ?? '',
        box: json(r.box, noBox),
        words: json(r.words, []),
      })),
    };
  }

  /** The transcript's utterances with their timed words. */
  async transcript(caller: Identity, itemId: string): Promise<TranscriptDto> {
    await this.#d.items.visible(caller, itemId);
    const rows = await this.#d.moments.list(caller.tenant.id, itemId, 'speech');
    const first: AnalysisMomentRow | undefined = rows[0];
    return {
      language: first?.language ?? null,
      provider: first?.provider ?? null,
      segments: rows.map((r) => ({
        startMs: r.start_ms,
        endMs: r.end_ms,
        text: r.text ?? '',
        words: json(r.words, []),
      })),
    };
  }

  /** A shot's keyframe blob. */
  async keyframe(caller: Identity, itemId: string, shotId: string): Promise<BlobKey> {
    await this.#d.items.visible(caller, itemId);
    const key = await this.#d.moments.keyframe(caller.tenant.id, itemId, shotId);
    if (key === null) throw notFound('Keyframe not found');
    return parseBlobKey(key);
  }
}
