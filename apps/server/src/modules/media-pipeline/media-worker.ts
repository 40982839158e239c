import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Services } from '../../services.ts';
import { runMediaJob } from './media-job.ts';
import { MEDIA_JOB } from './media-pipeline.ts';

/** Longer than any job runs: a folder this old belongs to a worker that died mid-job. */
export const STALE_WORK_MS = 24 * 60 * 60 * 1000;

/** Removes the work folders of runs that ended with their worker (kill -9, power loss). */
export async function sweepStaleWork(workDir: string, now = Date.now()): Promise<void> {
  await mkdir(workDir, { recursive: true });
  for (const name of await readdir(workDir)) {
    const folder = path.join(workDir, name);
    const { mtimeMs } = await stat(folder);
    if (now - mtimeMs > STALE_WORK_MS) await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Runs media jobs in this process (main.worker, or main.api on one machine), after giving a job
 * again to any item left initiated or progressing whose version has none waiting or running — a
 * crash between writing an item and enqueueing its job, or a job that ended without settling it.
 */
export async function startMediaWorker(s: Services): Promise<void> {
  const deps = {
    items: s.itemRows,
    blobs: s.blobs,
    pipeline: s.pipeline,
    workDir: path.join(s.config.DATA_DIR, 'work'),
    log: s.log,
  };
  await sweepStaleWork(deps.workDir);
  await s.pipeline.requeueUnfinished();
  await s.queue.process(MEDIA_JOB, (job) => runMediaJob(deps, job), {
    concurrency: s.config.WORKER_CONCURRENCY,
  });
}
