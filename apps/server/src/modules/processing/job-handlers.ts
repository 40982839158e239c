import type { JobHandler, JobPayloads, JobType } from '../../jobs/job-queue.ts';
import { EXIF_REAPPLY_JOB, type ExifApplier } from '../exif-mappings/exif-applier.ts';
import { ANALYSIS_JOB, runAnalysisJob, type AnalysisJobDeps } from '../analysis/analysis-job.ts';
import {
  BULK_METADATA_JOB,
  runBulkMetadataJob,
  type BulkMetadataJobDeps,
} from '../bulk-metadata/bulk-metadata.job.ts';
import { COPY_MEDIA_JOB, runCopyMediaJob } from '../rendering/placeholders.copy-job.ts';
import { runMediaJob, type MediaJobDeps } from './media-job.ts';
import { MEDIA_JOB } from './processing.service.ts';
import { RENDER_JOB, runRenderJob, type RenderJobDeps } from './render-job.ts';

/** A handler for every job type of a payload map: a type without one does not compile. */
export type JobHandlers<P extends object = JobPayloads> = { [K in JobType<P>]: JobHandler<P, K> };

/** What the handlers need: the media job's, the EXIF mappings' re-apply, the analyses', the render job's, the media copy's and the bulk metadata update's. */
export type HandlerDeps = MediaJobDeps &
  RenderJobDeps & {
    exif: Pick<ExifApplier, 'reapply'>;
    analysis: Omit<AnalysisJobDeps, keyof MediaJobDeps>;
    bulkMetadata: BulkMetadataJobDeps;
  };

/**
 * Priorities between job types: each type here gives way to those listed (ProcessOptions.yieldTo),
 * so no analysis starts while an upload's transcode waits or runs on any worker.
 */
export const GIVES_WAY_TO: Partial<Record<JobType<JobPayloads>, readonly JobType<JobPayloads>[]>> = {
  [ANALYSIS_JOB]: [MEDIA_JOB],
};

/** The one map from job type to handler; the worker registers each entry (processing-worker.ts). */
export function jobHandlers(d: HandlerDeps) {
  return {
    [MEDIA_JOB]: (job) => runMediaJob(d, job),
    [EXIF_REAPPLY_JOB]: (job) => d.exif.reapply(job),
    [ANALYSIS_JOB]: (job) => runAnalysisJob({ ...d, ...d.analysis }, job),
    [RENDER_JOB]: (job) => runRenderJob(d, job),
    [COPY_MEDIA_JOB]: (job) => runCopyMediaJob(d, job),
    [BULK_METADATA_JOB]: (job) => runBulkMetadataJob(d.bulkMetadata, job),
  } satisfies JobHandlers;
}
