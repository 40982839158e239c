import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { createJobQueue } from './jobs/create-job-queue.ts';
import { SecretBox } from './lib/secret-box.ts';
import { AccessRepository } from './modules/access/access.repository.ts';
import { BookmarksRepository } from './modules/bookmarks/bookmarks.repository.ts';
import { BookmarksService } from './modules/bookmarks/bookmarks.service.ts';
import { FoldersRepository } from './modules/folders/folders.repository.ts';
import { FoldersService } from './modules/folders/folders.service.ts';
import { DownloadsRepository } from './modules/items/downloads.repository.ts';
import { ItemEvents } from './modules/items/item-events.ts';
import { ItemMediaService } from './modules/items/item-media.service.ts';
import { ItemsRepository } from './modules/items/items.repository.ts';
import { ItemsService } from './modules/items/items.service.ts';
import { MediaPipeline } from './modules/media-pipeline/media-pipeline.ts';
import { UploadFinisher } from './modules/uploads/upload-finisher.ts';
import { UploadServer } from './modules/uploads/upload-server.ts';
import { UploadsRepository } from './modules/uploads/uploads.repository.ts';
import { createBlobStore } from './storage/create-blob-store.ts';
import { ApiKeyAuthenticator } from './modules/api-keys/api-key-authenticator.ts';
import { ApiKeysRepository } from './modules/api-keys/api-keys.repository.ts';
import { ApiKeysService } from './modules/api-keys/api-keys.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { CodesRepository } from './modules/auth/codes.repository.ts';
import { OneTimeCodes } from './modules/auth/one-time-codes.ts';
import { SessionsRepository } from './modules/auth/sessions.repository.ts';
import { SignInBackoff } from './modules/auth/sign-in-backoff.ts';
import { SignInFailuresRepository } from './modules/auth/sign-in-failures.repository.ts';
import { TotpGuard } from './modules/auth/totp-guard.ts';
import { GroupsRepository } from './modules/groups/groups.repository.ts';
import { GroupsService } from './modules/groups/groups.service.ts';
import { IdentityLoader } from './modules/identity/identity.loader.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { OutboxRepository } from './modules/mail/outbox.repository.ts';
import { MfaService } from './modules/me/mfa.service.ts';
import { TenantsRepository } from './modules/tenants/tenants.repository.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { UsersService } from './modules/users/users.service.ts';
import { FolderSearch } from './modules/search/folder-results.ts';
import { SearchService } from './modules/search/search.service.ts';
import { createSearchIndex } from './search/create-search-index.ts';
import { SearchQueue } from './search/search-queue.ts';

/** The object graph of one API process: repositories, then the services built on them. */
export function createServices(db: Db, config: Config & { secretKey: string }, log: FastifyBaseLogger) {
  const tenants = new TenantsRepository(db);
  const users = new UsersRepository(db);
  const groups = new GroupsRepository(db);
  const sessions = new SessionsRepository(db);
  const apiKeyRows = new ApiKeysRepository(db);
  const outbox = new OutboxRepository(db);
  const secrets = new SecretBox(config.secretKey);
  const identities = new IdentityLoader(tenants, users, groups);
  const backoff = new SignInBackoff(new SignInFailuresRepository(db));
  const totp = new TotpGuard(users, secrets, backoff);
  const apiKeyAuth = new ApiKeyAuthenticator(apiKeyRows, identities);
  const mailer = new Mailer(
    outbox,
    { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logUnsentBodies: config.NODE_ENV !== 'production' },
    log,
  );
  const auth = new AuthService({
    tenants,
    users,
    sessions,
    identities,
    codes: new OneTimeCodes(new CodesRepository(db)),
    mailer,
    totp,
    backoff,
    publicUrl: config.publicUrl,
  });
  const blobs = createBlobStore(config);
  const queue = createJobQueue(config, db, { log, leaseMs: config.JOB_LEASE_MS });
  const access = new AccessRepository(db);
  const itemRows = new ItemsRepository(db);
  const itemEvents = new ItemEvents();
  const pipeline = new MediaPipeline(itemRows, queue, itemEvents);
  const folderRows = new FoldersRepository(db);
  const folders = new FoldersService({
    folders: folderRows,
    items: itemRows,
    access,
    groups,
    users,
  });
  const items = new ItemsService({ items: itemRows, access, groups, users, folders, blobs, pipeline });
  const uploadRows = new UploadsRepository(db);
  const uploadsDir = path.join(config.DATA_DIR, 'uploads');
  const finisher = new UploadFinisher({
    uploads: uploadRows,
    items: itemRows,
    tenants,
    blobs,
    pipeline,
    directory: uploadsDir,
    log,
  });
  const searchQueue = new SearchQueue({
    concurrency: config.SEARCH_CONCURRENCY,
    waitingLimit: config.SEARCH_QUEUE_LIMIT,
  });
  return {
    db,
    config,
    log,
    blobs,
    queue,
    access,
    itemRows,
    itemEvents,
    pipeline,
    folders,
    items,
    itemMedia: new ItemMediaService(items, itemRows, new DownloadsRepository(db), blobs),
    uploadRows,
    uploadServer: new UploadServer({
      uploads: uploadRows,
      finisher,
      folders,
      items,
      directory: uploadsDir,
      log,
    }),
    tenants,
    users,
    groups,
    sessions,
    outbox,
    identities,
    apiKeyAuth,
    mailer,
    auth,
    mfa: new MfaService(users, secrets, totp),
    usersAdmin: new UsersService({ users, groups, sessions, apiKeys: apiKeyAuth, auth }),
    groupsAdmin: new GroupsService(groups, users, apiKeyAuth),
    apiKeys: new ApiKeysService(apiKeyRows, apiKeyAuth),
    bookmarks: new BookmarksService({ bookmarks: new BookmarksRepository(db), groups, folders, items }),
    search: new SearchService({
      index: createSearchIndex(config),
      folderSearch: new FolderSearch({ folders: folderRows, users }),
      items,
      folders,
      users,
      queue: searchQueue,
    }),
    searchQueue,
  };
}

export type Services = ReturnType<typeof createServices>;
