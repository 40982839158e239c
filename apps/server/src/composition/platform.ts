import type { Logger } from '../lib/logger.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { createJobQueue } from '../jobs/create-job-queue.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { createBlobStore } from '../storage/create-blob-store.ts';

/** What every process of Skald stands on, API or worker: configuration, log, database, blobs, jobs. */
export interface Platform {
  config: Config;
  log: Logger;
  db: Db;
  blobs: BlobStore;
  queue: JobQueue;
}

/** The platform over an opened database; `blobs.init()` is the caller's, as is closing it all. */
export function createPlatform(config: Config, db: Db, log: Logger): Platform {
  return {
    config,
    log,
    db,
    blobs: createBlobStore(config),
    queue: createJobQueue(config, db, { log, leaseMs: config.JOB_LEASE_MS }),
  };
}
