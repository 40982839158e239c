import type { JobHandler, JobPayloads, JobType } from '../../jobs/job-queue.ts';
import {
  BULK_METADATA_JOB,
  runBulkMetadataJob,
  type BulkMetadataJobDeps,
} from '../bulk-metadata/bulk-metadata.job.ts';
import { runMediaJob, type MediaJobDeps } from './media-job.ts';
import { MEDIA_JOB } from './processing.service.ts';

/** A handler for every job type of a payload map: a type without one does not compile. */
export type JobHandlers<P extends object = JobPayloads> = { [K in JobType<P>]: JobHandler<P, K> };

/** What the handlers need: the media job's, and the bulk metadata update's under `bulkMetadata`. */
export type HandlerDeps = MediaJobDeps & { bulkMetadata: BulkMetadataJobDeps };

/** The one map from job type to handler; the worker registers each entry (processing-worker.ts). */
export function jobHandlers(d: HandlerDeps) {
  return {
    [MEDIA_JOB]: (job) => runMediaJob(d, job),
    [BULK_METADATA_JOB]: (job) => runBulkMetadataJob(d.bulkMetadata, job),
  } satisfies JobHandlers;
}
