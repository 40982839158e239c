import { MESSAGES, canChooseUploadLocation, formatMessage, type FolderPathEntry } from '@skald/domain';
import type { FolderRow } from '../../db/rows.ts';
import type { Identity } from '../../identity/identity.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FoldersService } from '../folders/folders.service.ts';
import type { TenantsRepository } from './tenants.repository.ts';

export interface UploadLocationDto {
  /** The folder as set by a tenant administrator; null while it is the root. */
  folderId: string | null;
  /** Where an upload without a chosen folder goes now. */
  folder: { id: string; name: string; path: FolderPathEntry[] };
  /** Whether the caller may put files there. */
  writable: boolean;
}

interface Deps {
  tenants: Pick<TenantsRepository, 'defaultUploadFolderId' | 'setDefaultUploadFolder'>;
  folders: Pick<FoldersService, 'rootRow' | 'settingRow' | 'rightsOn' | 'get' | 'writableRow'>;
}

const folderNotFound = () =>
  new AppError('not_found', 'Folder not found', [{ field: 'folderId', message: 'not found' }]);

/**
 * Spec §6: the tenant's default upload location, the root until an administrator sets one, and where
 * an upload goes: the folder asked for by a holder of item.chooseUploadLocation, the default location
 * for everyone else. A default folder that is deleted clears the setting (the root again, by its
 * foreign key); one the uploader may not write is refused, naming it — sending the files to the root
 * instead would put them where the administrator did not want them.
 */
export class UploadLocationService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async get(caller: Identity): Promise<UploadLocationDto> {
    const folder = await this.#defaultFolder(caller);
    const rights = await this.#d.folders.rightsOn(caller, folder);
    // The folder is named to everyone (uploads go there); its ancestors only to who sees it.
    const path = rights.visible
      ? (await this.#d.folders.get(caller, folder.id)).path
      : [{ id: folder.id, name: folder.name }];
    return {
      folderId: folder.parent_id === null ? null : folder.id,
      folder: { id: folder.id, name: folder.name, path },
      writable: rights.writable,
    };
  }

  /** Sets the default location (tenant administrators): a folder they see, or null for the root. */
  async set(caller: Identity, folderId: string | null): Promise<UploadLocationDto> {
    let stored: string | null = null;
    if (folderId !== null) {
      const folder = await this.#d.folders.settingRow(caller, folderId);
      if (!folder || !(await this.#d.folders.rightsOn(caller, folder)).visible) throw folderNotFound();
      stored = folder.parent_id === null ? null : folder.id;
    }
    await this.#d.tenants.setDefaultUploadFolder(caller.tenant.id, stored);
    return this.get(caller);
  }

  /** The folder an upload goes to, given the folder the uploader asked for (if any). */
  async destination(caller: Identity, requested: string | undefined): Promise<FolderRow> {
    if (requested !== undefined && canChooseUploadLocation(caller.principal)) {
      return this.#d.folders.writableRow(caller, requested, 'folderId');
    }
    const folder = await this.#defaultFolder(caller);
    if (requested !== undefined && requested !== folder.id) {
      throw refusal('noChooseUploadLocationPermission', {});
    }
    if (!(await this.#d.folders.rightsOn(caller, folder)).writable) {
      throw refusal('defaultUploadLocationNotWritable', { folder: folder.name });
    }
    return folder;
  }

  async #defaultFolder(caller: Identity): Promise<FolderRow> {
    const id = await this.#d.tenants.defaultUploadFolderId(caller.tenant.id);
    const folder = id === null ? undefined : await this.#d.folders.settingRow(caller, id);
    return folder ?? (await this.#d.folders.rootRow(caller.tenant.id, caller.user.id));
  }
}

function refusal(
  messageId: 'noChooseUploadLocationPermission' | 'defaultUploadLocationNotWritable',
  params: Record<string, string>,
): AppError {
  const message = formatMessage(MESSAGES[messageId], params);
  return new AppError('forbidden', message, [{ field: 'folderId', message, messageId, params }]);
}
