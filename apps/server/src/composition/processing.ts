import path from 'node:path';
import { TenantsRepository } from '../modules/tenants/tenants.repository.ts';
import { AccessRepository } from '../access/access.repository.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { AnalysisRepository } from '../modules/analysis/analysis.repository.ts';
import { SpeechProviders } from '../modules/analysis/speech-providers.ts';
import { SpeechProvidersRepository } from '../modules/analysis/speech-providers.repository.ts';
import { VisionEngine } from '../media/analysis/vision.ts';
import type { WhisperModel } from '../media/analysis/whisper-model.ts';
import { PersonsRepository } from '../modules/persons/persons.repository.ts';
import { TranscriptRevisionsRepository } from '../modules/analysis/transcript-revisions.repository.ts';
import { TranslationProviders } from '../modules/analysis/translation-providers.ts';
import { TranslationSettingsRepository } from '../modules/analysis/translation-settings.repository.ts';
import { ExifApplier } from '../modules/exif-mappings/exif-applier.ts';
import { ExifMappingsRepository } from '../modules/exif-mappings/exif-mappings.repository.ts';
import { FolderFormDefaultsRepository } from '../modules/folders/folder-form-defaults.repository.ts';
import { FormsRepository } from '../modules/forms/forms.repository.ts';
import { FormsService } from '../modules/forms/forms.service.ts';
import { GroupsRepository } from '../modules/groups/groups.repository.ts';
import { ItemIntake } from '../modules/items/item-intake.ts';
import { ItemMetadataRepository } from '../modules/items/item-metadata.repository.ts';
import { ItemPrefill } from '../modules/items/item-prefill.ts';
import type { ItemsRepository } from '../modules/items/items.repository.ts';
import { BulkMetadataRepository } from '../modules/bulk-metadata/bulk-metadata.repository.ts';
import type { ItemEvents } from '../modules/processing/item-events.ts';
import { jobHandlers } from '../modules/processing/job-handlers.ts';
import { ProcessingWorker } from '../modules/processing/processing-worker.ts';
import { ProcessingRepository } from '../modules/processing/processing.repository.ts';
import { ProcessingService } from '../modules/processing/processing.service.ts';
import { RendersRepository } from '../modules/rendering/renders.repository.ts';
import type { Platform } from './platform.ts';

/**
 * The processing part, the same in the API and the worker: its service, the one intake (renders
 * make items through it on the worker) and the worker that runs its jobs. `items` is the items
 * repository (processing declares what it needs of it); `secrets` opens the tenants' provider
 * keys; `events` is the API's SSE stream, which a worker process has no use for; `whisperModel`
 * the installation's whisper model, checked at start (configuredWhisperModel), if there is one.
 */
export function createProcessing(
  p: Platform,
  items: ItemsRepository,
  secrets: SecretBox,
  options: { events?: ItemEvents | undefined; whisperModel?: WhisperModel | null | undefined } = {},
) {
  const speechProviders = new SpeechProviders(new SpeechProvidersRepository(p.db), secrets, {
    model: options.whisperModel ?? null,
    threads: p.config.WHISPER_THREADS,
  });
  const translationProviders = new TranslationProviders(new TranslationSettingsRepository(p.db), secrets);
  const processingRepository = new ProcessingRepository(p.db);
  const renders = new RendersRepository(p.db);
  const processingService = new ProcessingService({
    repository: processingRepository,
    items,
    access: new AccessRepository(p.db),
    queue: p.queue,
    events: options.events,
    renders,
  });
  const forms = new FormsService({ forms: new FormsRepository(p.db), groups: new GroupsRepository(p.db) });
  const metadata = new ItemMetadataRepository(p.db);
  // A new item's form values: its folder's defaults under the upload's own.
  const itemPrefill = new ItemPrefill({
    forms,
    folderDefaults: new FolderFormDefaultsRepository(p.db),
    metadata,
  });
  const itemIntake = new ItemIntake({
    items,
    blobs: p.blobs,
    processing: processingService,
    prefill: itemPrefill,
  });
  const workDir = path.join(p.config.DATA_DIR, 'work');
  // A picture's EXIF fills mapped form fields, at ingest and when an administrator re-applies them.
  const exif = new ExifApplier({ mappings: new ExifMappingsRepository(p.db), forms, metadata, items });
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
      analysis: {
        moments: new AnalysisRepository(p.db),
        speech: speechProviders,
        // One engine per process, its thread started on the first picture and kept warm.
        vision: new VisionEngine(),
        persons: new PersonsRepository(p.db),
        revisions: new TranscriptRevisionsRepository(p.db),
        translation: translationProviders,
      },
      renders,
      intake: itemIntake,
      exportNames: new TenantsRepository(p.db),
      bulkMetadata: {
        runs: new BulkMetadataRepository(p.db),
        items,
        access: new AccessRepository(p.db),
        metadata,
      },
    }),
    workDir,
    concurrency: p.config.WORKER_CONCURRENCY,
  });
  return {
    processingRepository,
    processingService,
    processingWorker,
    speechProviders,
    translationProviders,
    itemIntake,
    itemPrefill,
    formsService: forms,
  };
}
