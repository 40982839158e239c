import type { IncomingMessage } from 'node:http';
import { BatchedFileStore } from './batched-file-store.ts';
import { Server, EVENTS } from '@tus/server';
import type { Upload } from '@tus/utils';
import { MESSAGES, canUpload, hasPermission, isAcceptedFile, type ItemMetadata } from '@skald/domain';
import type { Logger } from '../../lib/logger.ts';
import { z } from 'zod';
import { newId } from '../../lib/ids.ts';
import { parseStringList } from '../../lib/json-list.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError, errorBody, type ErrorCode, type FieldError } from '../../plugins/errors.ts';
import type { FoldersService } from '../folders/folders.service.ts';
import type { Identity } from '../../identity/identity.ts';
import type { ItemPrefill } from '../items/item-prefill.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { UploadLocationService } from '../tenants/upload-location.service.ts';
import { UploadRejectedError, type UploadFinisher } from './upload-finisher.ts';
import type { UploadsRepository } from './uploads.repository.ts';
import { formValuesInput } from '../items/form-values.schema.ts';
import { subfolderNames } from './relative-path.ts';
import { CONTROL_CHARACTERS, isOneLine } from '../../lib/user-text.ts';

export const UPLOADS_PATH = '/api/v1/uploads';
// Far above any real media file; tus needs a ceiling to refuse absurd Upload-Length values.
const MAX_UPLOAD_BYTES = 8 * 1024 ** 4;

/** An upload that received nothing for this long is over (tus clients resume within minutes). */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
const EXPIRY_SWEEP_MS = 60 * 60 * 1000;

/**
 * An upload by link (an upload request): the files go into its folder as its owner's, without the
 * owner's upload rights being asked again for each file; the grant counts the files and says which
 * uploads belong to the visitor sending them.
 */
export interface UploadGrant {
  folderId: string;
  /** Before an upload starts: takes one of the link's files (false: none left, or the link is over). */
  start(uploadId: string): Promise<boolean>;
  /** Whether this visitor started the upload. */
  owns(uploadId: string): Promise<boolean>;
  /** The upload became an item. */
  finished(itemId: string): void;
}

interface Caller {
  identity: Identity;
  grant: UploadGrant | undefined;
}

interface Deps {
  /** Where this tus endpoint is (the signed-in one by default). */
  path?: string;
  uploads: UploadsRepository;
  finisher: UploadFinisher;
  folders: FoldersService;
  items: Pick<ItemsService, 'versionable'>;
  location: Pick<UploadLocationService, 'destination'>;
  prefill: Pick<ItemPrefill, 'check' | 'checkAsGuest'>;
  directory: string;
  log: Logger;
}

/** What tus answers for a refused request (it reads status_code and body): our one error shape. */
class TusRefusal extends Error {
  readonly status_code: number;
  readonly body: string;
  constructor(status: number, code: ErrorCode, message: string, details?: FieldError[]) {
    super(message);
    this.status_code = status;
    this.body = JSON.stringify(errorBody(code, message, details));
  }
}

const refusal = (status: number, code: ErrorCode, message: string, details?: FieldError[]) =>
  new TusRefusal(status, code, message, details);

function asRefusal(err: unknown) {
  if (err instanceof AppError) return refusal(err.status, err.code, err.message, err.details);
  if (err instanceof UploadRejectedError) return refusal(400, 'bad_request', MESSAGES.uploadRejected);
  return err;
}

const uuid = z.uuid();

function uuidOf(value: string, field: string): string {
  if (!uuid.safeParse(value).success)
    throw new AppError('bad_request', MESSAGES.uploadRejected, [{ field, message: 'not a valid id' }]);
  return value;
}

/**
 * tus 1.0 at /api/v1/uploads (@tus/server with its file store under DATA_DIR/uploads). The
 * request's identity travels from the Fastify route to the tus hooks through `callers`.
 */
export class UploadServer {
  readonly tus: Server;
  readonly #callers = new WeakMap<object, Caller>();
  readonly #d: Deps;
  readonly #store: BatchedFileStore;
  #expiryTimer: NodeJS.Timeout | undefined;

  constructor(deps: Deps) {
    this.#d = deps;
    this.#store = new BatchedFileStore({ directory: deps.directory });
    this.tus = new Server({
      path: deps.path ?? UPLOADS_PATH,
      datastore: this.#store,
      relativeLocation: true,
      maxSize: MAX_UPLOAD_BYTES,
      namingFunction: () => newId(),
      onUploadCreate: async (req, upload) => {
        try {
          const { identity, grant } = this.#grantOf(req);
          await this.#create(identity, upload, grant);
          return {};
        } catch (err) {
          throw asRefusal(err);
        }
      },
      onIncomingRequest: async (req, uploadId) => {
        if (req.method === 'POST') return;
        const { identity: caller, grant } = this.#grantOf(req);
        const row = await deps.uploads.byUploadId(caller.tenant.id, uploadId);
        // Another user's (or tenant's, or visitor's) upload does not exist for this caller.
        if (row?.user_id !== caller.user.id || (grant && !(await grant.owns(uploadId)))) {
          throw refusal(404, 'not_found', 'Upload not found');
        }
      },
      onUploadFinish: async (req, upload) => {
        const row = await deps.uploads.byUploadId(this.#callerOf(req).tenant.id, upload.id);
        if (!row) throw refusal(404, 'not_found', 'Upload not found');
        try {
          await deps.finisher.finish(row);
        } catch (err) {
          if (!(err instanceof UploadRejectedError))
            deps.log.error({ err, uploadId: upload.id }, 'upload finish failed');
          throw asRefusal(
            err instanceof UploadRejectedError ? err : new AppError('internal', MESSAGES.uploadFailed),
          );
        }
        this.#grantOf(req).grant?.finished(row.item_id);
        return { headers: { 'Skald-Item-Id': row.item_id } };
      },
      exposedHeaders: ['Skald-Item-Id'],
    });
    // A cancelled upload (tus termination) is over: the activity monitor must stop showing it running.
    this.tus.on(EVENTS.POST_TERMINATE, (req, _res, id) => {
      void Promise.resolve()
        .then(() => deps.uploads.failUnfinished(this.#callerOf(req).tenant.id, id, nowIso()))
        .catch((err: unknown) => {
          deps.log.error({ err, uploadId: id }, 'a cancelled upload could not be recorded');
        });
    });
    this.tus.on(EVENTS.POST_RECEIVE, (req, upload) => {
      void Promise.resolve()
        .then(() =>
          deps.uploads.update(this.#callerOf(req).tenant.id, upload.id, {
            received: upload.offset,
            updated_at: nowIso(),
          }),
        )
        .catch(() => undefined);
    });
  }

  async handle(
    caller: Identity,
    req: IncomingMessage,
    res: Parameters<Server['handle']>[1],
    grant?: UploadGrant,
  ): Promise<void> {
    this.#callers.set(req, { identity: caller, grant });
    await this.tus.handle(req, res);
  }

  /** Finishes uploads whose last byte arrived before a crash (call once at start). */
  async recover(): Promise<void> {
    await this.#d.finisher.recover(async (id) => {
      try {
        return (await this.#store.getUpload(id)).offset;
      } catch {
        return undefined;
      }
    });
  }

  /**
   * Ends uploads abandoned by their client: nothing received for `ABANDONED_AFTER_MS`. The row
   * becomes failed and the partial file is removed; a client coming back later gets 404 for it and
   * starts again from its own copy. An upload whose last byte arrived is `recover`'s, not ours.
   */
  async expireAbandoned(now = Date.now()): Promise<number> {
    const idle = await this.#d.uploads.idleSince(new Date(now - ABANDONED_AFTER_MS).toISOString());
    let expired = 0;
    for (const row of idle) {
      const offset = await this.#store.getUpload(row.id).then(
        (upload) => upload.offset,
        () => 0,
      );
      if (offset >= row.size) continue;
      await this.#d.uploads.failUnfinished(row.tenant_id, row.id, new Date(now).toISOString());
      await this.#store.remove(row.id).catch(() => undefined);
      expired++;
    }
    return expired;
  }

  /** Runs `expireAbandoned` now and every hour until `stopExpiry`. */
  startExpiry(): void {
    const sweep = () => {
      void this.expireAbandoned().catch((err: unknown) => {
        this.#d.log.error({ err }, 'abandoned uploads could not be expired');
      });
    };
    this.#expiryTimer ??= setInterval(sweep, EXPIRY_SWEEP_MS);
    this.#expiryTimer.unref();
    sweep();
  }

  stopExpiry(): void {
    clearInterval(this.#expiryTimer);
    this.#expiryTimer = undefined;
  }

  #callerOf(req: TusRequest): Identity {
    return this.#grantOf(req).identity;
  }

  #grantOf(req: TusRequest): Caller {
    const raw = req.runtime?.node?.req;
    const caller = raw && this.#callers.get(raw);
    if (!caller) throw refusal(401, 'unauthorized', 'Authentication required');
    return caller;
  }

  async #create(caller: Identity, upload: Upload, grant: UploadGrant | undefined): Promise<void> {
    const meta = upload.metadata ?? {};
    assertPlainMetadata(meta);
    const filename = (meta.filename ?? meta.name ?? '').trim();
    if (!filename || filename.length > 255)
      throw new AppError('bad_request', MESSAGES.uploadRejected, [
        { field: 'filename', message: 'required, at most 255 characters' },
      ]);
    if (upload.size === undefined)
      throw new AppError('bad_request', MESSAGES.uploadRejected, [
        { field: 'Upload-Length', message: 'required' },
      ]);
    if (!grant && !canUpload(caller.principal)) throw new AppError('forbidden', MESSAGES.noUploadPermission);
    const forbidden = parseStringList(caller.tenant.forbidden_extensions);
    if (!isAcceptedFile(filename, forbidden)) {
      throw new AppError('bad_request', MESSAGES.uploadRejected, [
        { field: 'filename', message: MESSAGES.deniedExtension },
      ]);
    }
    if (grant) return this.#createByLink(caller, upload, filename, grant, meta.formValues);
    const formValues = await this.#formValues(caller, meta.formValues);
    // A new version goes where its item is; a new item where the uploader may send it (spec §6
    // chooseUploadLocation), the tenant's default upload location when no folder is given.
    const target = meta.itemId
      ? await this.#d.items.versionable(caller, uuidOf(meta.itemId, 'itemId'), 'itemId')
      : undefined;
    // A new version's values (its new version view) change the item's: that needs item.updateMetadata.
    if (target && formValues !== null && !hasPermission(caller.principal, 'item.updateMetadata')) {
      throw new AppError('forbidden', MESSAGES.noUpdateThisItemPermission, [
        { field: 'formValues', message: MESSAGES.noUpdateThisItemPermission },
      ]);
    }
    const chosen = target
      ? (await this.#d.folders.writableRow(caller, target.folder_id, 'folderId')).id
      : (
          await this.#d.location.destination(
            caller,
            meta.folderId ? uuidOf(meta.folderId, 'folderId') : undefined,
          )
        ).id;
    // A file of a dropped folder goes into the same structure below the chosen folder.
    const subfolders = target ? [] : subfolderNames(meta.relativePath ?? undefined);
    const folderId = await this.#d.folders.ensurePath(caller, chosen, subfolders);
    if (folderId !== chosen) await this.#d.folders.writableRow(caller, folderId, 'relativePath');
    await this.#record(caller, upload, filename, folderId, target?.id ?? null, formValues);
  }

  /**
   * Spec §2 upload view: the form values set in the upload dialog (JSON in the `formValues` tus
   * metadata), checked now — a bad one is a 400 naming the field before any byte is sent.
   */
  async #formValues(caller: Identity, raw: string | null | undefined): Promise<string | null> {
    const values = parseFormValues(raw);
    if (values === null) return null;
    await this.#d.prefill.check(caller, values, 'formValues');
    return JSON.stringify(values);
  }

  /**
   * A file through an upload request's link: into its folder (still writable by its owner), once per
   * file it allows, with the guest's upload view values — checked before the file takes one of the
   * link's files, every required field asked for.
   */
  async #createByLink(
    caller: Identity,
    upload: Upload,
    filename: string,
    grant: UploadGrant,
    raw: string | null | undefined,
  ): Promise<void> {
    const values = parseFormValues(raw) ?? {};
    await this.#d.prefill.checkAsGuest(caller.tenant.id, values, 'formValues');
    const folder = await this.#d.folders.writableRow(caller, grant.folderId, 'folderId');
    if (!(await grant.start(upload.id))) throw new AppError('not_found', 'This link does not work any more');
    const formValues = Object.keys(values).length > 0 ? JSON.stringify(values) : null;
    await this.#record(caller, upload, filename, folder.id, null, formValues);
  }

  async #record(
    caller: Identity,
    upload: Upload,
    filename: string,
    folderId: string,
    targetItemId: string | null,
    formValues: string | null = null,
  ): Promise<void> {
    const at = nowIso();
    await this.#d.uploads.insert({
      id: upload.id,
      tenant_id: caller.tenant.id,
      user_id: caller.user.id,
      filename,
      folder_id: folderId,
      target_item_id: targetItemId,
      item_id: targetItemId ?? newId(),
      version_id: newId(),
      size: upload.size ?? 0,
      received: 0,
      state: 'uploading',
      error: null,
      created_at: at,
      updated_at: at,
      completed_at: null,
      // A new item is made with them over its folder's defaults; a new version sets them on its item.
      form_values: formValues,
    });
  }
}

/** The `formValues` tus metadata (JSON: form id → field id → value), or null when none is sent. */
function parseFormValues(raw: string | null | undefined): ItemMetadata | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const checked = formValuesInput.safeParse(parsed);
  if (!checked.success) {
    throw new AppError('bad_request', MESSAGES.uploadRejected, [
      { field: 'formValues', message: 'must be a JSON object: form id → field id → value' },
    ]);
  }
  return checked.data;
}

type TusRequest = { runtime?: { node?: { req: object } | undefined } | undefined };

/** The metadata that becomes stored text (file name, item title, folder names) is plain user text. */
function assertPlainMetadata(meta: Record<string, string | null>): void {
  for (const field of ['filename', 'name', 'relativePath', 'title']) {
    const value = meta[field];
    if (value != null && !isOneLine(value)) {
      throw new AppError('bad_request', MESSAGES.uploadRejected, [{ field, message: CONTROL_CHARACTERS }]);
    }
  }
}
