import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { JobPayloads, JobQueue, JobType } from '../../jobs/job-queue.ts';
import { GIVES_WAY_TO, type JobHandlers } from './job-handlers.ts';
import type { ProcessingService } from './processing.service.ts';

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

export interface ProcessingWorkerDeps {
  queue: JobQueue;
  processing: ProcessingService;
  handlers: JobHandlers;
  /** Where runs keep their files (the handlers' workDir). */
  workDir: string;
  /** Jobs of each type this process runs at once. */
  concurrency: number;
}

/** Runs processing jobs in this process: main.worker, or main.api on one machine. */
export class ProcessingWorker {
  readonly #d: ProcessingWorkerDeps;

  constructor(deps: ProcessingWorkerDeps) {
    this.#d = deps;
  }

  /**
   * Takes work for every job type (analysis giving way to transcoding: GIVES_WAY_TO), after giving
   * a job again to any item left initiated or progressing whose version has none waiting or
   * running — a crash between writing an item and enqueueing its job, or a job that ended without
   * settling it.
   */
  async start(): Promise<void> {
    await sweepStaleWork(this.#d.workDir);
    await this.#d.processing.requeueUnfinished();
    for (const type of Object.keys(this.#d.handlers) as JobType<JobPayloads>[]) await this.#register(type);
  }

  // K ties the type to its own handler; over the union of types the handlers would not fit.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  async #register<K extends JobType<JobPayloads>>(type: K): Promise<void> {
    await this.#d.queue.process(type, this.#d.handlers[type], {
      concurrency: this.#d.concurrency,
      yieldTo: GIVES_WAY_TO[type] ?? [],
    });
  }
}
