import path from 'node:path';
import type { Platform } from './composition/platform.ts';
import { createProcessing } from './composition/processing.ts';
import type { WhisperModel } from './media/analysis/whisper-model.ts';
import { SecretBox } from './lib/secret-box.ts';
import { AccessRepository } from './access/access.repository.ts';
import { BookmarksRepository } from './modules/bookmarks/bookmarks.repository.ts';
import { BookmarksService } from './modules/bookmarks/bookmarks.service.ts';
import { BulkMetadataRepository } from './modules/bulk-metadata/bulk-metadata.repository.ts';
import { BulkMetadataService } from './modules/bulk-metadata/bulk-metadata.service.ts';
import { PresetsRepository } from './modules/rendering/presets.repository.ts';
import { PresetsService } from './modules/rendering/presets.service.ts';
import { RendersRepository } from './modules/rendering/renders.repository.ts';
import { PlaceholdersRepository } from './modules/rendering/placeholders.repository.ts';
import { PlaceholdersService } from './modules/rendering/placeholders.service.ts';
import { CropService } from './modules/crops/crop.service.ts';
import { MarkersService } from './modules/markers/markers.service.ts';
import { RenderRights } from './modules/rendering/render-rights.ts';
import { RenderSources } from './modules/rendering/render-sources.ts';
import { renderingServices } from './modules/rendering/rendering-services.ts';
import { SequencesRepository } from './modules/rendering/sequences.repository.ts';
import { ItemMetadataRepository } from './modules/items/item-metadata.repository.ts';
import { ItemMetadataService } from './modules/items/item-metadata.service.ts';
import { FolderFormDefaultsRepository } from './modules/folders/folder-form-defaults.repository.ts';
import { FolderFormDefaultsService } from './modules/folders/folder-form-defaults.service.ts';
import { ExifMappingsRepository } from './modules/exif-mappings/exif-mappings.repository.ts';
import { ExifMappingsService } from './modules/exif-mappings/exif-mappings.service.ts';
import { CommentsRepository } from './modules/comments/comments.repository.ts';
import { CommentsService } from './modules/comments/comments.service.ts';
import { LogEventsRepository } from './modules/logging/log-events.repository.ts';
import { LogEventsService } from './modules/logging/log-events.service.ts';
import { UsageRepository } from './modules/usage/usage.repository.ts';
import { UsageService } from './modules/usage/usage.service.ts';
import { JobNotifications } from './modules/notifications/job-notifications.ts';
import { AccountEvents } from './modules/notifications/notification-events.ts';
import { RedisAccountRelay } from './modules/notifications/redis-account-relay.ts';
import { NotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { ShareNotifications } from './modules/notifications/share-notifications.ts';
import { FoldersRepository } from './modules/folders/folders.repository.ts';
import { FoldersService } from './modules/folders/folders.service.ts';
import { DownloadsRepository } from './modules/items/downloads.repository.ts';
import { ItemMediaService } from './modules/items/item-media.service.ts';
import { ItemsRepository } from './modules/items/items.repository.ts';
import { ItemsService } from './modules/items/items.service.ts';
import { ItemEvents } from './modules/processing/item-events.ts';
import { AnalysisRepository } from './modules/analysis/analysis.repository.ts';
import { AnalysisService } from './modules/analysis/analysis.service.ts';
import { PersonsRepository } from './modules/persons/persons.repository.ts';
import { PersonsService } from './modules/persons/persons.service.ts';
import { PersonItems } from './modules/items/person-items.ts';
import { VisionEngine } from './media/analysis/vision.ts';
import { TranscriptRevisionsRepository } from './modules/analysis/transcript-revisions.repository.ts';
import { TranscriptService } from './modules/analysis/transcript.service.ts';
import { TimeToSearchable } from './modules/analysis/time-to-searchable.ts';
import { AutoAnalysis } from './modules/analysis/auto-analysis.ts';
import { UploadFinisher } from './modules/uploads/upload-finisher.ts';
import { UploadServer } from './modules/uploads/upload-server.ts';
import { UploadsRepository } from './modules/uploads/uploads.repository.ts';
import { ApiKeyAuthenticator } from './modules/api-keys/api-key-authenticator.ts';
import { ApiKeysRepository } from './modules/api-keys/api-keys.repository.ts';
import { ApiKeysService } from './modules/api-keys/api-keys.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { CodesRepository } from './modules/auth/codes.repository.ts';
import { OneTimeCodes } from './modules/auth/one-time-codes.ts';
import { SessionAuthenticator } from './modules/auth/session-authenticator.ts';
import { SessionsRepository } from './modules/auth/sessions.repository.ts';
import { SignInBackoff } from './modules/auth/sign-in-backoff.ts';
import { SignInFailuresRepository } from './modules/auth/sign-in-failures.repository.ts';
import { TotpGuard } from './modules/auth/totp-guard.ts';
import { GroupsRepository } from './modules/groups/groups.repository.ts';
import { GroupsService } from './modules/groups/groups.service.ts';
import { IdentityLoader } from './identity/identity.loader.ts';
import { IdentityCaches } from './identity/identity-caches.ts';
import { RedisEvictionChannel } from './identity/redis-eviction-channel.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { OutboxRepository } from './modules/mail/outbox.repository.ts';
import { MfaService } from './modules/me/mfa.service.ts';
import { TenantsRepository } from './modules/tenants/tenants.repository.ts';
import { UploadLocationService } from './modules/tenants/upload-location.service.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { UsersService } from './modules/users/users.service.ts';
import { FolderSearch } from './modules/search/folder-results.ts';
import { ShareLinksService } from './modules/shares/share-links.service.ts';
import { SHARE_UPLOADS_PATH } from './modules/shares/share-links.routes.ts';
import { SharesRepository } from './modules/shares/shares.repository.ts';
import { SharesService } from './modules/shares/shares.service.ts';
import { ShareRights } from './modules/shares/share-rights.ts';
import { RequestTasksRepository } from './modules/shares/request-tasks.repository.ts';
import { RequestTasksService } from './modules/shares/request-tasks.service.ts';
import { SearchService } from './modules/search/search.service.ts';
import { createSearchIndex } from './search/create-search-index.ts';
import { SearchQueue } from './search/search-queue.ts';

/**
 * The API process's composition root: the platform and the processing part (shared with the
 * worker, composition/), then every feature's repositories and services. Each route module is
 * handed only its own part of this graph (app.ts); tests read it whole through `buildApp`.
 */
export function createServices(
  platform: Platform,
  secretKey: string,
  options: { identityChannel?: string | undefined; whisperModel?: WhisperModel | null | undefined } = {},
) {
  const { db, config, log, blobs } = platform;
  const tenantsRepository = new TenantsRepository(db);
  const usersRepository = new UsersRepository(db);
  const groupsRepository = new GroupsRepository(db);
  const sessionsRepository = new SessionsRepository(db);
  const apiKeysRepository = new ApiKeysRepository(db);
  const outboxRepository = new OutboxRepository(db);
  const secrets = new SecretBox(secretKey);
  const identityLoader = new IdentityLoader({
    tenants: tenantsRepository,
    users: usersRepository,
    groups: groupsRepository,
  });
  // With REDIS_URL (several API processes) a change evicts in every process, not only this one.
  const identityCaches = new IdentityCaches(
    config.REDIS_URL ? new RedisEvictionChannel(config.REDIS_URL, log, options.identityChannel) : undefined,
  );
  const backoff = new SignInBackoff(new SignInFailuresRepository(db));
  const totp = new TotpGuard(usersRepository, secrets, backoff);
  const apiKeyAuthenticator = new ApiKeyAuthenticator(apiKeysRepository, identityLoader, identityCaches);
  const mailer = new Mailer(
    outboxRepository,
    { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logUnsentBodies: config.NODE_ENV !== 'production' },
    log,
  );
  const authService = new AuthService({
    tenants: tenantsRepository,
    users: usersRepository,
    sessions: sessionsRepository,
    identities: identityLoader,
    identityCaches,
    codes: new OneTimeCodes(new CodesRepository(db)),
    mailer,
    totp,
    backoff,
    publicUrl: config.publicUrl,
  });
  const accessRepository = new AccessRepository(db);
  const itemsRepository = new ItemsRepository(db);
  const analysisRepository = new AnalysisRepository(db);
  const personsRepository = new PersonsRepository(db);
  const itemEvents = new ItemEvents();
  const processing = createProcessing(platform, itemsRepository, secrets, {
    events: itemEvents,
    whisperModel: options.whisperModel,
  });
  const { processingService, itemIntake, itemPrefill, formsService } = processing;
  const foldersRepository = new FoldersRepository(db);
  const foldersService = new FoldersService({
    folders: foldersRepository,
    items: itemsRepository,
    access: accessRepository,
    groups: groupsRepository,
    users: usersRepository,
  });
  const itemsService = new ItemsService({
    items: itemsRepository,
    access: accessRepository,
    groups: groupsRepository,
    users: usersRepository,
    folders: foldersService,
    blobs,
    processing: processingService,
  });
  const presetsService = new PresetsService(new PresetsRepository(db));
  const uploadLocationService = new UploadLocationService({
    tenants: tenantsRepository,
    folders: foldersService,
  });
  const uploadsRepository = new UploadsRepository(db);
  const uploadsDir = path.join(config.DATA_DIR, 'uploads');
  const itemMetadataRepository = new ItemMetadataRepository(db);
  const folderFormDefaultsRepository = new FolderFormDefaultsRepository(db);
  const finisher = new UploadFinisher({
    uploads: uploadsRepository,
    intake: itemIntake,
    tenants: tenantsRepository,
    blobs,
    directory: uploadsDir,
    log,
  });
  const uploadServerDeps = {
    uploads: uploadsRepository,
    prefill: itemPrefill,
    finisher,
    folders: foldersService,
    items: itemsService,
    location: uploadLocationService,
    directory: uploadsDir,
    log,
  };
  // With REDIS_URL (several API processes) a notification reaches the user's pages on every one.
  const accountEvents = new AccountEvents(
    config.REDIS_URL ? new RedisAccountRelay(config.REDIS_URL, log) : undefined,
  );
  const notificationsService = new NotificationsService({
    notifications: new NotificationsRepository(db),
    users: usersRepository,
    mailer,
    events: accountEvents,
    publicUrl: config.publicUrl,
    log,
  });
  const searchQueue = new SearchQueue({
    concurrency: config.SEARCH_CONCURRENCY,
    waitingLimit: config.SEARCH_QUEUE_LIMIT,
  });
  const searchService = new SearchService({
    index: createSearchIndex(config),
    folderSearch: new FolderSearch({ folders: foldersRepository, users: usersRepository }),
    items: itemsService,
    folders: foldersService,
    users: usersRepository,
    queue: searchQueue,
    forms: formsService,
  });
  const commentsService = new CommentsService({
    comments: new CommentsRepository(db),
    items: itemsService,
    identities: identityLoader,
    users: usersRepository,
    notifications: notificationsService,
    log,
  });
  const logEventsService = new LogEventsService({
    items: itemsService,
    itemRows: itemsRepository,
    events: new LogEventsRepository(db),
    forms: formsService,
  });
  const sharesRepository = new SharesRepository(db);
  const shareRights = new ShareRights(formsService, itemMetadataRepository);
  const rendersRepository = new RendersRepository(db);
  const rendering = renderingServices({
    items: itemsService,
    itemRows: itemsRepository,
    sources: new RenderSources(itemsService, itemsRepository),
    rights: new RenderRights(shareRights, formsService, itemMetadataRepository),
    presets: presetsService,
    intake: itemIntake,
    processing: processingService,
    renders: rendersRepository,
    sequences: new SequencesRepository(db),
  });
  const itemMetadataService = new ItemMetadataService({
    items: itemsService,
    itemRows: itemsRepository,
    metadata: itemMetadataRepository,
    forms: formsService,
  });
  const shareLinksService = new ShareLinksService({
    identities: identityLoader,
    shares: sharesRepository,
    media: itemsRepository,
    users: usersRepository,
    blobs,
    rights: shareRights,
    metadata: itemMetadataService,
    prefill: itemPrefill,
  });
  // "Your share was opened", "a file arrived through your upload request".
  shareLinksService.setEvents(new ShareNotifications(notificationsService));

  const analysisService = new AnalysisService({
    moments: analysisRepository,
    persons: personsRepository,
    items: itemsService,
    history: itemsRepository,
    processing: processingService,
    queue: platform.queue,
  });
  return {
    ...platform,
    ...processing,
    accessRepository,
    itemsRepository,
    itemEvents,
    foldersService,
    itemsService,
    itemMediaService: new ItemMediaService(itemsService, itemsRepository, new DownloadsRepository(db), blobs),
    uploadsRepository,
    uploadServer: new UploadServer(uploadServerDeps),
    // The same uploads through upload requests' links (no account).
    shareUploadServer: new UploadServer({ ...uploadServerDeps, path: SHARE_UPLOADS_PATH }),
    tenantsRepository,
    uploadLocationService,
    usersRepository,
    groupsRepository,
    sessionsRepository,
    outboxRepository,
    identityLoader,
    identityCaches,
    sessionAuthenticator: new SessionAuthenticator(sessionsRepository, identityLoader, identityCaches),
    apiKeyAuthenticator,
    mailer,
    authService,
    mfaService: new MfaService(usersRepository, secrets, totp),
    usersService: new UsersService({
      users: usersRepository,
      groups: groupsRepository,
      identityCaches,
      auth: authService,
    }),
    groupsService: new GroupsService(groupsRepository, usersRepository, identityCaches),
    apiKeysService: new ApiKeysService(apiKeysRepository, identityCaches),
    bookmarksService: new BookmarksService({
      bookmarks: new BookmarksRepository(db),
      groups: groupsRepository,
      folders: foldersService,
      items: itemsService,
    }),
    searchService,
    bulkMetadataService: new BulkMetadataService({
      runs: new BulkMetadataRepository(db),
      forms: formsService,
      search: searchService,
      queue: platform.queue,
    }),
    searchQueue,
    formsService,
    itemMetadataService,
    folderFormDefaultsService: new FolderFormDefaultsService({
      defaults: folderFormDefaultsRepository,
      folders: foldersService,
      prefill: itemPrefill,
    }),
    exifMappingsService: new ExifMappingsService({
      mappings: new ExifMappingsRepository(db),
      forms: formsService,
      queue: platform.queue,
    }),
    sharesRepository,
    sharesService: new SharesService({
      shares: sharesRepository,
      media: itemsRepository,
      access: accessRepository,
      folders: foldersService,
      users: usersRepository,
      limits: tenantsRepository,
      mailer,
      secrets,
      rights: shareRights,
      publicUrl: config.publicUrl,
    }),
    shareLinksService,
    requestTasksService: new RequestTasksService({
      requests: new RequestTasksRepository(db),
      users: usersRepository,
    }),
    accountEvents,
    notificationsService,
    jobNotifications: new JobNotifications(processingService, notificationsService),
    personsRepository,
    personsService: new PersonsService({
      persons: personsRepository,
      moments: analysisRepository,
      items: new PersonItems({ items: itemsRepository, folders: foldersService }),
      // Pictures uploaded for persons: the engine's thread starts on the first and stays warm.
      vision: new VisionEngine(),
      blobs,
      workDir: path.join(config.DATA_DIR, 'work'),
    }),
    timeToSearchable: new TimeToSearchable(db, itemsService),
    transcriptService: new TranscriptService({
      moments: analysisRepository,
      revisions: new TranscriptRevisionsRepository(db),
      items: itemsService,
    }),
    analysisService,
    autoAnalysis: new AutoAnalysis({
      db,
      folders: foldersService,
      analysis: analysisService,
      outcomes: processingService,
    }),
    presetsService,
    ...rendering,
    placeholdersService: new PlaceholdersService({
      items: itemsService,
      folders: foldersService,
      prefill: itemPrefill,
      intake: itemIntake,
      renders: rendering.rendersService,
      renderRows: rendersRepository,
      placeholders: new PlaceholdersRepository(db),
      processing: processingService,
      queue: platform.queue,
      history: itemsRepository,
    }),
    cropService: new CropService({
      items: itemsService,
      versions: itemsRepository,
      folders: foldersService,
      blobs,
      intake: itemIntake,
      exportNames: tenantsRepository,
      workDir: path.join(config.DATA_DIR, 'work'),
    }),
    commentsService,
    logEventsService,
    markersService: new MarkersService({
      items: itemsService,
      versions: itemsRepository,
      logEvents: logEventsService,
      comments: commentsService,
      exportNames: tenantsRepository,
    }),
    usageService: new UsageService({ usage: new UsageRepository(db), forms: formsService }),
  };
}

export type Services = ReturnType<typeof createServices>;
