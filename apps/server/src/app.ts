import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createPlatform } from './composition/platform.ts';
import type { Config } from './config.ts';
import { configuredWhisperModel } from './media/analysis/whisper-model.ts';
import { createDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { resolveSecretKey } from './lib/secret-key.ts';
import { DEMO_OFFER, demoOffered } from './seed/demo-tenant.ts';
import { registerApiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { registerBookmarkRoutes } from './modules/bookmarks/bookmarks.routes.ts';
import { registerFormRoutes } from './modules/forms/forms.routes.ts';
import { registerPresetRoutes } from './modules/rendering/presets.routes.ts';
import { registerRenderRoutes } from './modules/rendering/renders.routes.ts';
import { registerPlaceholderRoutes } from './modules/rendering/placeholders.routes.ts';
import { registerCropRoutes } from './modules/crops/crop.routes.ts';
import { registerMarkerRoutes } from './modules/markers/markers.routes.ts';
import { registerSequenceRoutes } from './modules/rendering/sequences.routes.ts';
import { registerVirtualClipRoutes } from './modules/rendering/virtual-clips.routes.ts';
import { registerItemMetadataRoutes } from './modules/items/item-metadata.routes.ts';
import { registerFolderFormDefaultsRoutes } from './modules/folders/folder-form-defaults.routes.ts';
import { registerExifMappingRoutes } from './modules/exif-mappings/exif-mappings.routes.ts';
import { registerAnalysisRoutes } from './modules/analysis/analysis.routes.ts';
import { registerSpeechProviderRoutes } from './modules/analysis/speech-provider.routes.ts';
import { registerPersonsRoutes } from './modules/persons/persons.routes.ts';
import { registerAnalysisBulkRoutes } from './modules/analysis/analysis-bulk.routes.ts';
import { registerAutoAnalysisRoutes } from './modules/analysis/auto-analysis.routes.ts';
import { registerTranscriptRoutes } from './modules/analysis/transcript.routes.ts';
import { registerBulkMetadataRoutes } from './modules/bulk-metadata/bulk-metadata.routes.ts';
import { registerCommentRoutes } from './modules/comments/comments.routes.ts';
import { registerLogEventRoutes } from './modules/logging/log-events.routes.ts';
import { registerUsageRoutes } from './modules/usage/usage.routes.ts';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerFolderRoutes } from './modules/folders/folders.routes.ts';
import { registerGroupRoutes } from './modules/groups/groups.routes.ts';
import { registerItemMediaRoutes } from './modules/items/item-media.routes.ts';
import { registerItemRoutes } from './modules/items/items.routes.ts';
import { registerEventRoutes } from './modules/processing/events.routes.ts';
import { registerUploadRoutes } from './modules/uploads/uploads.routes.ts';
import { registerSearchRoutes } from './modules/search/search.routes.ts';
import { registerShareLinkRoutes } from './modules/shares/share-links.routes.ts';
import { registerShareRoutes } from './modules/shares/shares.routes.ts';
import { registerRequestTaskRoutes } from './modules/shares/request-tasks.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerMeRoutes } from './modules/me/me.routes.ts';
import { registerTenantRoutes } from './modules/tenants/tenants.routes.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { registerAuth, type DeclaredRoute } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerSameOriginGuard } from './plugins/same-origin.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWeb } from './plugins/web.ts';
import { createServices, type Services } from './services.ts';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuiltApp {
  app: App;
  services: Services;
  declaredRoutes: DeclaredRoute[];
}

export interface AppOptions {
  /** An already migrated database to share (tests); otherwise one is opened from the config and migrated. */
  db?: Db;
  serveWeb?: boolean;
  /** The Redis channel of identity evictions (with REDIS_URL); a test picks its own. */
  identityChannel?: string;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY,
    // Event streams never go idle; closing the app must not wait for their clients.
    forceCloseConnections: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db =
    options.db ??
    createDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      readWorkers: config.SQLITE_READ_WORKERS,
    });
  if (!options.db) {
    await migrateToLatest(db);
    app.addHook('onClose', async () => db.destroy());
  }
  const services = createServices(
    createPlatform(config, db, app.log),
    resolveSecretKey(config.SECRET_KEY, config.DATA_DIR),
    { identityChannel: options.identityChannel, whisperModel: await configuredWhisperModel(config) },
  );
  app.addHook('onClose', async () => {
    services.uploadServer.stopExpiry();
    await services.mailer.stop();
    await services.identityCaches.close();
    await services.accountEvents.close();
  });
  await services.accountEvents.start();
  await services.blobs.init();
  app.addHook('onClose', async () => {
    await services.queue.close();
    await services.blobs.close();
    await services.searchService.close();
  });

  // On the raw answer, so that those the tus and event-stream handlers write themselves carry it too.
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader('x-request-id', request.id);
  });
  await registerSecurityHeaders(app, config.publicUrl, config.FRAME_ANCESTORS);
  await app.register(cookie);
  await registerRateLimits(app, config.REDIS_URL);
  await registerOpenApi(app);
  registerSameOriginGuard(app, config.publicUrl);
  const declaredRoutes: DeclaredRoute[] = [];
  registerAuth(app, {
    declaredRoutes,
    sessions: services.sessionAuthenticator,
    apiKeys: services.apiKeyAuthenticator,
  });
  const spa = options.serveWeb !== false && (await registerWeb(app));
  registerErrorHandling(app, { spa });
  // After the web app's files (compressed at build time), before the API's routes.
  await registerCompression(app);

  // Each module gets its own service (or the few things it names), never the whole graph.
  const s = services;
  registerHealthRoutes(app, { db: s.db });
  registerTenantRoutes(app, {
    tenants: s.tenantsRepository,
    uploadLocation: s.uploadLocationService,
    identityCaches: s.identityCaches,
    config,
    demo: demoOffered(config) ? DEMO_OFFER : undefined,
  });
  registerAuthRoutes(app, { auth: s.authService, config });
  registerMeRoutes(app, {
    mfa: s.mfaService,
    users: s.usersRepository,
    identities: s.identityLoader,
    identityCaches: s.identityCaches,
    config,
  });
  registerUserRoutes(app, { usersAdmin: s.usersService });
  registerGroupRoutes(app, { groupsAdmin: s.groupsService });
  registerApiKeyRoutes(app, { apiKeys: s.apiKeysService });
  registerFolderRoutes(app, { folders: s.foldersService });
  registerItemRoutes(app, { items: s.itemsService });
  registerItemMediaRoutes(app, { itemMedia: s.itemMediaService, blobs: s.blobs });
  registerEventRoutes(app, { items: s.itemEvents, account: s.accountEvents });
  registerUploadRoutes(app, { uploadServer: s.uploadServer, uploadRows: s.uploadsRepository });
  registerBookmarkRoutes(app, { bookmarks: s.bookmarksService });
  registerSearchRoutes(app, { search: s.searchService });
  registerFormRoutes(app, { forms: s.formsService });
  registerPresetRoutes(app, { presets: s.presetsService });
  registerRenderRoutes(app, { renders: s.rendersService });
  registerPlaceholderRoutes(app, { placeholders: s.placeholdersService });
  registerCropRoutes(app, { crops: s.cropService });
  registerMarkerRoutes(app, { markers: s.markersService });
  registerVirtualClipRoutes(app, { virtualClips: s.virtualClipsService });
  registerSequenceRoutes(app, { sequences: s.sequencesService });
  registerItemMetadataRoutes(app, { itemMetadata: s.itemMetadataService });
  registerFolderFormDefaultsRoutes(app, { defaults: s.folderFormDefaultsService });
  registerExifMappingRoutes(app, { exif: s.exifMappingsService });
  registerBulkMetadataRoutes(app, { bulkMetadata: s.bulkMetadataService });
  registerShareRoutes(app, { shares: s.sharesService });
  registerRequestTaskRoutes(app, { requests: s.requestTasksService });
  registerShareLinkRoutes(app, {
    links: s.shareLinksService,
    blobs: s.blobs,
    uploads: s.shareUploadServer,
    secureCookie: config.publicUrl.startsWith('https://'),
    perMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  registerCommentRoutes(app, { comments: s.commentsService });
  registerLogEventRoutes(app, { logEvents: s.logEventsService });
  registerUsageRoutes(app, { usage: s.usageService });
  registerAnalysisRoutes(app, { analysis: s.analysisService, blobs: s.blobs });
  registerSpeechProviderRoutes(app, { speech: s.speechProviders });
  registerPersonsRoutes(app, { persons: s.personsService, blobs: s.blobs });
  registerAnalysisBulkRoutes(app, { analysis: s.analysisService });
  registerAutoAnalysisRoutes(app, { auto: s.autoAnalysis });
  registerTranscriptRoutes(app, {
    transcripts: s.transcriptService,
    translation: s.translationProviders,
    searchable: s.timeToSearchable,
  });
  registerNotificationRoutes(app, { notifications: s.notificationsService });
  return { app, services, declaredRoutes };
}
