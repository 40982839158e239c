import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ANALYSIS_FAILURES, MESSAGES, type AnalysisJobKind, type ItemType } from '@skald/domain';
import type { JobContext } from '../../jobs/job-queue.ts';
import type { Logger } from '../../lib/logger.ts';
import { nowIso } from '../../lib/time.ts';
import { MediaError } from '../../media/media-error.ts';
import { probeMedia } from '../../media/probe.ts';
import { withLocalFile } from '../../storage/local-file.ts';
import { originalKey } from '../items/renditions.ts';
import type { ProcessedItems } from '../processing/processed-items.ts';
import type { ProcessingService } from '../processing/processing.service.ts';
import { ANALYZERS, type AnalyzerDeps } from './analyzers.ts';
import { translateTranscript, type TranslationRunDeps } from './translation-run.ts';

/** One job type runs every analysis kind, apart from transcoding's media job (docs/ANALYSIS.md). */
export const ANALYSIS_JOB = 'analysis.run';

/** A start's job key: the kind, the item and the start's time (its analysisStarted history entry). */
export const analysisRunKey = (kind: AnalysisJobKind, itemId: string, startedAt: string) =>
  `analysis:${kind}:${itemId}:${startedAt}`;

export interface AnalysisJobPayload {
  itemId: string;
  versionId: string;
  kind: AnalysisJobKind;
  /** The spoken language, for transcription. */
  language: string;
}

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    [ANALYSIS_JOB]: AnalysisJobPayload;
  }
}

export interface AnalysisJobDeps extends AnalyzerDeps, TranslationRunDeps {
  items: ProcessedItems;
  processing: ProcessingService;
  workDir: string;
  log: Logger;
}

const PROGRESS_EVERY_MS = 1_000;

/**
 * One run of one analysis on a version: its analyzer reads the original and stores what it found;
 * the item's state of that kind goes initiated → progressing → complete | error through the
 * processing service, the one writer of states. A file or engine the tools refuse (MediaError)
 * ends in error at once with its message; anything else is retried and ends in error after the
 * last attempt with the kind's own message (spec §8).
 */
export async function runAnalysisJob(
  d: AnalysisJobDeps,
  job: JobContext<typeof ANALYSIS_JOB, AnalysisJobPayload>,
): Promise<void> {
  const { tenantId } = job;
  const { itemId, versionId, kind, language } = job.payload;
  const item = await d.items.byId(tenantId, itemId);
  const version = await d.items.version(tenantId, versionId);
  if (!item || version?.item_id !== itemId) return;
  const jobDir = path.join(d.workDir, `${job.id}-${job.attempt}`);
  await mkdir(jobDir, { recursive: true });
  let lastReport = 0;
  const onProgress = (fraction: number) => {
    const now = Date.now();
    if (now - lastReport < PROGRESS_EVERY_MS) return;
    lastReport = now;
    const progress = Math.max(1, Math.min(99, Math.round(fraction * 100)));
    void job.reportProgress(progress);
    void d.processing
      .setState(kind, tenantId, itemId, { state: 'progressing', progress, errorMessage: null })
      .catch(() => undefined);
  };
  try {
    await d.processing.setState(kind, tenantId, itemId, {
      state: 'progressing',
      progress: 0,
      errorMessage: null,
    });
    // Translation reads the transcript, not the media.
    if (kind === 'translation')
      await translateTranscript(d, { tenantId, itemId, versionId, jobDir, signal: job.signal, onProgress });
    else
      await withLocalFile(
        d.blobs,
        originalKey(tenantId, itemId, versionId),
        async (file) => {
          const itemType = (version.item_type ?? item.item_type) as ItemType;
          const durationSeconds =
            itemType === 'image' ? null : (await probeMedia(file, { signal: job.signal })).durationSeconds;
          await ANALYZERS[kind](d, {
            tenantId,
            itemId,
            versionId,
            itemType,
            file,
            jobDir,
            durationSeconds,
            language,
            signal: job.signal,
            onProgress,
          });
        },
        { tempDir: jobDir },
      );
    await d.processing.setState(kind, tenantId, itemId, {
      state: 'complete',
      progress: 100,
      errorMessage: null,
    });
    await history(d, tenantId, itemId, 'analysisCompleted', { kind });
  } catch (err) {
    const final = err instanceof MediaError || job.attempt >= job.maxAttempts;
    if (!final) throw err;
    const message = err instanceof MediaError ? err.message : MESSAGES[ANALYSIS_FAILURES[kind]];
    if (err instanceof MediaError) d.log.warn({ itemId, kind, detail: err.detail }, err.message);
    else d.log.error({ err, itemId, kind }, 'analysis job failed');
    await d.processing.setState(kind, tenantId, itemId, {
      state: 'error',
      progress: 0,
      errorMessage: message,
    });
    await history(d, tenantId, itemId, 'analysisFailed', { kind, message });
  } finally {
    await rm(jobDir, { recursive: true, force: true });
  }
}

async function history(
  d: AnalysisJobDeps,
  tenantId: string,
  itemId: string,
  action: 'analysisCompleted' | 'analysisFailed',
  details: Record<string, unknown>,
): Promise<void> {
  await d.items.addHistory(d.items.executor, [
    { tenantId, itemId, actorId: null, action, details, at: nowIso() },
  ]);
}
