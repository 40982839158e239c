import type { Db } from '../db/database.ts';
import { BullmqJobQueue } from './bullmq-job-queue.ts';
import { EmbeddedJobQueue } from './embedded-job-queue.ts';
import type { JobPayloads, JobQueue, JobQueueOptions, PayloadMap } from './job-queue.ts';

export interface JobQueueConfig {
  REDIS_URL?: string | undefined;
}

/** BullMQ on Redis when REDIS_URL is set (workers on many machines); otherwise the queue lives in the database. */
export function createJobQueue<P extends PayloadMap<P> = JobPayloads>(
  config: JobQueueConfig,
  db: Db,
  options: JobQueueOptions & { prefix?: string } = {},
): JobQueue<P> {
  if (config.REDIS_URL) return new BullmqJobQueue<P>({ ...options, redisUrl: config.REDIS_URL });
  return new EmbeddedJobQueue<P>(db, options);
}
