import {
  MESSAGES,
  canDeleteFolder,
  canDeleteItem,
  checkUpdatable,
  checkVisibility,
  fold,
  hasPermission,
  type Folder,
  type Guarded,
} from '@skald/domain';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { FolderRow, ItemHistoryEntry, ItemRow } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { newId } from '../../lib/ids.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError, badField, forbidden, notFound } from '../../plugins/errors.ts';
import { accessChanges, newSubject } from '../../access/access-input.ts';
import type { AccessRepository } from '../../access/access.repository.ts';
import { guardedOf } from '../../access/guarded.ts';
import { visibleTo } from '../../access/visibility-filter.ts';
import type { GroupDirectory } from '../groups/group-directory.ts';
import type { Identity } from '../../identity/identity.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import type { FoldersRepository } from './folders.repository.ts';

export type FolderDto = Folder;

export interface FolderInput {
  name?: string | undefined;
  parentId?: string | undefined;
  visibleTo?: unknown;
  updatableBy?: unknown;
}

const ROOT_NAME = 'Root';
const NO_UPDATE = 'You do not have permission to update this folder';
const nameTaken = () =>
  new AppError('conflict', 'A folder with this name already exists here', [
    { field: 'name', message: 'already exists' },
  ]);

/** What folders do to the items inside them: the items repository, passed in by the composition root. */
export interface FolderContents {
  liveInFolders(tenantId: string, folderIds: readonly string[]): Promise<ItemRow[]>;
  /** Moves the live items of these folders to the recycle bin; answers their ids. */
  deleteInFolders(
    trx: Transaction<Database>,
    tenantId: string,
    folderIds: readonly string[],
    by: string,
    at: string,
  ): Promise<string[]>;
  addHistory(on: Executor, entries: readonly ItemHistoryEntry[]): Promise<void>;
}

interface Deps {
  folders: FoldersRepository;
  items: FolderContents;
  access: AccessRepository;
  groups: Pick<GroupDirectory, 'byIds'>;
  users: Pick<UserDirectory, 'names'>;
}

/** Spec §2/§3 folders: one tree per tenant under a root, with visible-to and updatable-by access. */
export class FoldersService {
  readonly #d: Deps;
  readonly #locks = new Map<string, Promise<void>>();
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /** The tenant's root, created on first use (concurrent first uses meet on the unique index). */
  async rootRow(tenantId: string, creatorId: string): Promise<FolderRow> {
    const existing = await this.#d.folders.root(tenantId);
    if (existing) return existing;
    const now = nowIso();
    try {
      await this.#d.folders.insert({
        id: newId(),
        tenant_id: tenantId,
        parent_id: null,
        name: ROOT_NAME,
        name_folded: fold(ROOT_NAME),
        owner_id: creatorId,
        created_by: creatorId,
        visible_level: null,
        updatable_level: null,
        created_at: now,
        updated_at: now,
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const root = await this.#d.folders.root(tenantId);
    if (!root) throw new Error('The root folder could not be created');
    return root;
  }

  async root(caller: Identity): Promise<FolderDto> {
    return this.#present(caller, await this.rootRow(caller.tenant.id, caller.user.id));
  }

  async get(caller: Identity, id: string): Promise<FolderDto> {
    return this.#present(caller, await this.#visible(caller, id));
  }

  /** A folder the caller can see, or 404 (another tenant's and an invisible one look alike). */
  async visibleRow(caller: Identity, id: string): Promise<FolderRow> {
    return this.#visible(caller, id);
  }

  /** A folder the caller may put things into (visible, and updatable by them), or 404/403. */
  async writableRow(caller: Identity, id: string, field: string): Promise<FolderRow> {
    const folder = await this.#d.folders.byId(caller.tenant.id, id);
    const rights = folder && (await this.rightsOn(caller, folder));
    if (!folder || !rights?.visible) {
      throw new AppError('not_found', 'Folder not found', [{ field, message: 'not found' }]);
    }
    if (!rights.writable) throw forbidden(NO_UPDATE);
    return folder;
  }

  /**
   * A folder of the caller's tenant whatever its access lists: for a setting of the tenant that names
   * one (the default upload location), which its users are told about whether they see it or not.
   */
  async settingRow(caller: Identity, id: string): Promise<FolderRow | undefined> {
    return this.#d.folders.byId(caller.tenant.id, id);
  }

  /** Whether the caller sees the folder, and may put things into it. */
  async rightsOn(caller: Identity, folder: FolderRow): Promise<{ visible: boolean; writable: boolean }> {
    const guarded = await this.#guarded(caller.tenant.id, folder);
    const visible = checkVisibility(caller.principal, guarded) === 'allowed';
    return { visible, writable: visible && checkUpdatable(caller.principal, guarded) === 'allowed' };
  }

  async children(caller: Identity, id: string, q: Paging): Promise<Page<FolderDto>> {
    const parent = await this.#visible(caller, id);
    const page = await this.#d.folders.children(
      caller.tenant.id,
      parent.id,
      visibleTo(caller.principal, 'folders'),
      q,
    );
    const path = await this.#d.folders.path(caller.tenant.id, parent);
    const items = await this.#presentMany(caller, page.items, path);
    return { ...page, items };
  }

  async create(
    caller: Identity,
    input: FolderInput & { name: string; parentId: string },
  ): Promise<FolderDto> {
    const parent = await this.writableRow(caller, input.parentId, 'parentId');
    const access = await accessChanges(this.#d.groups, caller, newSubject(caller), input);
    const nameFolded = fold(input.name);
    if (await this.#d.folders.siblingNamed(caller.tenant.id, parent.id, nameFolded)) throw nameTaken();
    const now = nowIso();
    const id = newId();
    await this.#d.folders.transaction(async (trx) => {
      await this.#d.folders.insert(
        {
          id,
          tenant_id: caller.tenant.id,
          parent_id: parent.id,
          name: input.name,
          name_folded: nameFolded,
          owner_id: caller.user.id,
          created_by: caller.user.id,
          visible_level: access.visibleTo?.level ?? null,
          updatable_level: access.updatableBy?.level ?? null,
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      await this.#d.access.apply(trx, { table: 'folders', tenantId: caller.tenant.id, id }, access);
    });
    return this.get(caller, id);
  }

  /**
   * The folder at `names` below `parentId`, each level found by name (as folders compare names) or
   * created: an upload of a dropped folder keeps its structure. The files of one drop arrive in
   * parallel, so each level is looked up and created under a lock in this process; another API
   * process could still create a same-named sibling at the same moment.
   */
  async ensurePath(caller: Identity, parentId: string, names: readonly string[]): Promise<string> {
    let current = parentId;
    for (const name of names) {
      const parent = current;
      current = await this.#serialised(`${caller.tenant.id}:${parent}:${fold(name)}`, async () => {
        const existing = await this.#d.folders.siblingNamed(caller.tenant.id, parent, fold(name));
        if (existing) return existing.id;
        if (!hasPermission(caller.principal, 'folder.create'))
          throw forbidden(MESSAGES.noFolderCreatePermission);
        return (await this.create(caller, { name, parentId: parent })).id;
      });
    }
    return current;
  }

  #serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.#locks.get(key) ?? Promise.resolve();
    const result = before.then(work, work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.#locks.set(key, settled);
    void settled.then(() => {
      if (this.#locks.get(key) === settled) this.#locks.delete(key);
    });
    return result;
  }

  async update(caller: Identity, id: string, input: FolderInput): Promise<FolderDto> {
    const folder = await this.#visible(caller, id);
    const guarded = await this.#guarded(caller.tenant.id, folder);
    if (checkUpdatable(caller.principal, guarded) !== 'allowed') throw forbidden(NO_UPDATE);
    if (folder.parent_id === null && (input.name !== undefined || input.parentId !== undefined)) {
      throw badField(
        input.name !== undefined ? 'name' : 'parentId',
        'The root folder cannot be renamed or moved',
      );
    }
    const parentId = input.parentId ?? folder.parent_id;
    if (input.parentId !== undefined && input.parentId !== folder.parent_id) {
      await this.writableRow(caller, input.parentId, 'parentId');
      const subtree = await this.#d.folders.subtreeIds(caller.tenant.id, folder.id);
      if (subtree.includes(input.parentId)) {
        throw badField('parentId', 'A folder cannot be moved into itself or one of its subfolders');
      }
    }
    const name = input.name ?? folder.name;
    if (parentId !== null && (input.name !== undefined || input.parentId !== undefined)) {
      const holder = await this.#d.folders.siblingNamed(caller.tenant.id, parentId, fold(name));
      if (holder && holder.id !== folder.id) throw nameTaken();
    }
    const access = await accessChanges(this.#d.groups, caller, guarded, input);
    await this.#d.folders.transaction(async (trx) => {
      await this.#d.folders.update(trx, caller.tenant.id, folder.id, {
        name,
        name_folded: fold(name),
        parent_id: parentId,
        ...('visibleTo' in access ? { visible_level: access.visibleTo?.level ?? null } : {}),
        ...('updatableBy' in access ? { updatable_level: access.updatableBy?.level ?? null } : {}),
        updated_at: nowIso(),
      });
      await this.#d.access.apply(
        trx,
        { table: 'folders', tenantId: caller.tenant.id, id: folder.id },
        access,
      );
    });
    return this.get(caller, folder.id);
  }

  /** Deletes the folder and its subfolders; the items in them go to the recycle bin. */
  async delete(caller: Identity, id: string): Promise<void> {
    const folder = await this.#visible(caller, id);
    if (folder.parent_id === null) throw badField('id', 'The root folder cannot be deleted');
    if (!canDeleteFolder(caller.principal, { ownerId: folder.owner_id }))
      throw forbidden('You do not have permission to delete this folder');
    const subtree = await this.#d.folders.subtreeIds(caller.tenant.id, folder.id);
    await this.#assertMayDeleteItemsIn(caller, subtree);
    const at = nowIso();
    await this.#d.folders.transaction(async (trx) => {
      const itemIds = await this.#d.items.deleteInFolders(trx, caller.tenant.id, subtree, caller.user.id, at);
      await this.#d.items.addHistory(
        trx,
        itemIds.map((itemId) => ({
          tenantId: caller.tenant.id,
          itemId,
          actorId: caller.user.id,
          action: 'deleted',
          details: { withFolder: folder.name },
          at,
        })),
      );
      await this.#d.access.deleteSubjects(trx, caller.tenant.id, subtree);
      await this.#d.folders.deleteMany(trx, caller.tenant.id, subtree);
    });
  }

  /** A folder goes only with all its items: each one visible to the caller and theirs to delete. */
  async #assertMayDeleteItemsIn(caller: Identity, folderIds: string[]): Promise<void> {
    const items = await this.#d.items.liveInFolders(caller.tenant.id, folderIds);
    const groups = await this.#d.access.groupsOf(
      caller.tenant.id,
      items.map((i) => i.id),
    );
    const blocked = items.some((item) => {
      const guarded = guardedOf(item, groups.get(item.id));
      return (
        checkVisibility(caller.principal, guarded) !== 'allowed' || !canDeleteItem(caller.principal, guarded)
      );
    });
    if (blocked) throw forbidden(MESSAGES.noDeletePermission);
  }

  async #visible(caller: Identity, id: string): Promise<FolderRow> {
    const folder = await this.#d.folders.byId(caller.tenant.id, id);
    if (!folder) throw notFound('Folder not found');
    if (checkVisibility(caller.principal, await this.#guarded(caller.tenant.id, folder)) !== 'allowed') {
      throw notFound('Folder not found');
    }
    return folder;
  }

  async #guarded(tenantId: string, folder: FolderRow): Promise<Guarded> {
    const groups = await this.#d.access.groupsOf(tenantId, [folder.id]);
    return guardedOf(folder, groups.get(folder.id));
  }

  async #present(caller: Identity, folder: FolderRow): Promise<FolderDto> {
    const path = await this.#d.folders.path(caller.tenant.id, folder);
    const [dto] = await this.#presentMany(caller, [folder], path.slice(0, -1));
    if (!dto) throw new Error('unreachable: one folder in, one out');
    return dto;
  }

  /** Folders sharing one parent path (ancestors, root first). */
  async #presentMany(caller: Identity, folders: FolderRow[], parentPath: FolderRow[]): Promise<FolderDto[]> {
    const tenantId = caller.tenant.id;
    const groups = await this.#d.access.groupsOf(
      tenantId,
      folders.map((f) => f.id),
    );
    const names = await this.#d.users.names(
      tenantId,
      folders.map((f) => f.owner_id),
    );
    const ancestors = parentPath.map((f) => ({ id: f.id, name: f.name }));
    return folders.map((f) => {
      const guarded = guardedOf(f, groups.get(f.id));
      const isRoot = f.parent_id === null;
      return {
        id: f.id,
        name: f.name,
        parentId: f.parent_id,
        isRoot,
        path: [...ancestors, { id: f.id, name: f.name }],
        owner: { id: f.owner_id, name: names.get(f.owner_id) ?? '' },
        visibleTo: guarded.visibleTo,
        updatableBy: guarded.updatableBy,
        createdAt: f.created_at,
        canUpdate:
          hasPermission(caller.principal, 'folder.update') &&
          checkUpdatable(caller.principal, guarded) === 'allowed',
        canDelete: !isRoot && canDeleteFolder(caller.principal, guarded),
      };
    });
  }
}
