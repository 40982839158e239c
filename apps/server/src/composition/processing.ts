import path from 'node:path';
import { AccessRepository } from '../access/access.repository.ts';
import { AnalysisRepository } from '../modules/analysis/analysis.repository.ts';
import { SpeechProviders } from '../modules/analysis/speech-providers.ts';
import { SpeechProvidersRepository } from '../modules/analysis/speech-providers.repository.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import type { ItemEvents } from '../modules/processing/item-events.ts';
import { ExifApplier } from '../modules/exif-mappings/exif-applier.ts';
import { ExifMappingsRepository } from '../modules/exif-mappings/exif-mappings.repository.ts';
import { FormsRepository } from '../modules/forms/forms.repository.ts';
import { FormsService } from '../modules/forms/forms.service.ts';
import { GroupsRepository } from '../modules/groups/groups.repository.ts';
import { ItemMetadataRepository } from '../modules/items/item-metadata.repository.ts';
import { ItemsRepository } from '../modules/items/items.repository.ts';
import { jobHandlers } from '../modules/processing/job-handlers.ts';
import type { ProcessedItems } from '../modules/processing/processed-items.ts';
import { ProcessingWorker } from '../modules/processing/processing-worker.ts';
import { ProcessingRepository } from '../modules/processing/processing.repository.ts';
import { ProcessingService } from '../modules/processing/processing.service.ts';
import type { Platform } from './platform.ts';

/**
 * The processing part, the same in the API and the worker: its service and the worker that runs
 * its jobs. `secrets` opens the tenants' provider keys. `items` is the items repository (processing declares what it needs of it); `events`
 * is the API's SSE stream, which a worker process has no use for.
 */
export function createProcessing(
  p: Platform,
  items: ProcessedItems,
  secrets: SecretBox,
  options: { events?: ItemEvents } = {},
) {
  const speechProviders = new SpeechProviders(new SpeechProvidersRepository(p.db), secrets);
  const processingRepository = new ProcessingRepository(p.db);
  const processingService = new ProcessingService({
    repository: processingRepository,
    items,
    access: new AccessRepository(p.db),
    queue: p.queue,
    events: options.events,
  });
  const workDir = path.join(p.config.DATA_DIR, 'work');
  // A picture's EXIF fills mapped form fields, at ingest and when an administrator re-applies them.
  const exif = new ExifApplier({
    mappings: new ExifMappingsRepository(p.db),
    forms: new FormsService({ forms: new FormsRepository(p.db), groups: new GroupsRepository(p.db) }),
    metadata: new ItemMetadataRepository(p.db),
    items: new ItemsRepository(p.db),
  });
  const processingWorker = new ProcessingWorker({
    queue: p.queue,
    processing: processingService,
    handlers: jobHandlers({
      items,
      blobs: p.blobs,
      processing: processingService,
      exif,
      workDir,
      log: p.log,
      analysis: { moments: new AnalysisRepository(p.db), speech: speechProviders },
    }),
    workDir,
    concurrency: p.config.WORKER_CONCURRENCY,
  });
  return { processingRepository, processingService, processingWorker, speechProviders };
}
