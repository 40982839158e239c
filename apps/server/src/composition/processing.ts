import path from 'node:path';
import { AccessRepository } from '../access/access.repository.ts';
import { BulkMetadataRepository } from '../modules/bulk-metadata/bulk-metadata.repository.ts';
import { ItemMetadataRepository } from '../modules/items/item-metadata.repository.ts';
import { ItemsRepository } from '../modules/items/items.repository.ts';
import type { ItemEvents } from '../modules/processing/item-events.ts';
import { jobHandlers } from '../modules/processing/job-handlers.ts';
import type { ProcessedItems } from '../modules/processing/processed-items.ts';
import { ProcessingWorker } from '../modules/processing/processing-worker.ts';
import { ProcessingRepository } from '../modules/processing/processing.repository.ts';
import { ProcessingService } from '../modules/processing/processing.service.ts';
import type { Platform } from './platform.ts';

/**
 * The processing part, the same in the API and the worker: its service and the worker that runs
 * its jobs. `items` is the items repository (processing declares what it needs of it); `events`
 * is the API's SSE stream, which a worker process has no use for.
 */
export function createProcessing(p: Platform, items: ProcessedItems, options: { events?: ItemEvents } = {}) {
  const processingRepository = new ProcessingRepository(p.db);
  const processingService = new ProcessingService({
    repository: processingRepository,
    items,
    access: new AccessRepository(p.db),
    queue: p.queue,
    events: options.events,
  });
  const workDir = path.join(p.config.DATA_DIR, 'work');
  const processingWorker = new ProcessingWorker({
    queue: p.queue,
    processing: processingService,
    handlers: jobHandlers({
      items,
      blobs: p.blobs,
      processing: processingService,
      workDir,
      log: p.log,
      bulkMetadata: {
        runs: new BulkMetadataRepository(p.db),
        items: new ItemsRepository(p.db),
        access: new AccessRepository(p.db),
        metadata: new ItemMetadataRepository(p.db),
      },
    }),
    workDir,
    concurrency: p.config.WORKER_CONCURRENCY,
  });
  return { processingRepository, processingService, processingWorker };
}
