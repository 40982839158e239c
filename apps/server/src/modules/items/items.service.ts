import {
  MESSAGES,
  canDeleteItem,
  canRecoverItem,
  canUpdate,
  checkUpdatable,
  checkVisibility,
  hasPermission,
  mediaActionRefusal,
  versionRefusal,
  type Guarded,
} from '@skald/domain';
import type { ItemRow } from '../../db/rows.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError, badField, forbidden, notFound } from '../../plugins/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { accessChanges } from '../../access/access-input.ts';
import type { AccessRepository } from '../../access/access.repository.ts';
import { guardedOf } from '../../access/guarded.ts';
import { visibleTo } from '../../access/visibility-filter.ts';
import type { FoldersService } from '../folders/folders.service.ts';
import type { GroupDirectory } from '../groups/group-directory.ts';
import type { Identity } from '../../identity/identity.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import {
  presentItem,
  presentSummary,
  type ItemContext,
  type ItemDto,
  type ItemSummaryDto,
} from './items.presenter.ts';
import type { ItemProcessing } from './item-processing.ts';
import { itemShapeOf } from './item-shape.ts';
import type { ItemListQuery, ItemsRepository } from './items.repository.ts';
import { itemPrefix } from './renditions.ts';

export interface ItemUpdate {
  title?: string | undefined;
  description?: string | undefined;
  folderId?: string | undefined;
  visibleTo?: unknown;
  updatableBy?: unknown;
}

interface BulkResult {
  done: string[];
  failed: { id: string; message: string }[];
}

interface Deps {
  items: ItemsRepository;
  access: AccessRepository;
  groups: Pick<GroupDirectory, 'byIds'>;
  users: Pick<UserDirectory, 'names'>;
  folders: FoldersService;
  blobs: BlobStore;
  processing: ItemProcessing;
}

const itemNotFound = () => notFound('Item not found');

/** Spec §2/§3/§4 items: reading, editing, moving, the recycle bin, versions and reprocessing. */
export class ItemsService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async list(caller: Identity, folderId: string, q: ItemListQuery): Promise<Page<ItemSummaryDto>> {
    const folder = await this.#d.folders.visibleRow(caller, folderId);
    const page = await this.#d.items.inFolder(
      caller.tenant.id,
      folder.id,
      visibleTo(caller.principal, 'items'),
      q,
    );
    return this.#summaries(caller, page);
  }

  async recycleBin(caller: Identity, q: Paging): Promise<Page<ItemSummaryDto>> {
    const page = await this.#d.items.deleted(caller.tenant.id, visibleTo(caller.principal, 'items'), q);
    return this.#summaries(caller, page);
  }

  async get(caller: Identity, id: string): Promise<ItemDto> {
    const { item, guarded } = await this.visible(caller, id, { deleted: true });
    return this.#present(caller, item, guarded);
  }

  /** An item the caller can see, or 404 (another tenant's, an invisible one, or — unless asked — a deleted one). */
  async visible(
    caller: Identity,
    id: string,
    options: { deleted?: boolean } = {},
  ): Promise<{ item: ItemRow; guarded: Guarded }> {
    const item = await this.#d.items.byId(caller.tenant.id, id);
    if (!item || (item.deleted_at !== null && !options.deleted)) throw itemNotFound();
    const groups = await this.#d.access.groupsOf(caller.tenant.id, [item.id]);
    const guarded = guardedOf(item, groups.get(item.id));
    if (checkVisibility(caller.principal, guarded) !== 'allowed') throw itemNotFound();
    return { item, guarded };
  }

  /** A live item the caller may change: item.update and the item's updatable-by list. */
  async updatable(caller: Identity, id: string): Promise<{ item: ItemRow; guarded: Guarded }> {
    const found = await this.visible(caller, id);
    if (!canUpdate(caller.principal) || checkUpdatable(caller.principal, found.guarded) !== 'allowed') {
      throw forbidden(MESSAGES.noUpdateThisItemPermission);
    }
    return found;
  }

  /**
   * A live item the caller may add a version to (any path that makes versions asks here): not a
   * sequence or a virtual clip (400), and spec §6 item.version with the item's updatable-by or the
   * override (403 with the spec's upload messages, domain versionRefusal).
   */
  async versionable(caller: Identity, id: string, field: string): Promise<ItemRow> {
    const { item, guarded } = await this.visible(caller, id);
    const notForThisItem = mediaActionRefusal(itemShapeOf(item), 'version');
    if (notForThisItem !== null) throw badField(field, MESSAGES[notForThisItem]);
    const refusal = versionRefusal(caller.principal, guarded);
    if (refusal !== null) throw forbidden(MESSAGES[refusal]);
    return item;
  }

  async update(caller: Identity, id: string, input: ItemUpdate): Promise<ItemDto> {
    const { item, guarded } = await this.updatable(caller, id);
    const tenantId = caller.tenant.id;
    if (input.folderId !== undefined && input.folderId !== item.folder_id) {
      if (!hasPermission(caller.principal, 'item.move'))
        throw forbidden('You do not have permission to move items');
      await this.#d.folders.writableRow(caller, input.folderId, 'folderId');
    }
    const access = await accessChanges(this.#d.groups, caller, guarded, input);
    const at = nowIso();
    await this.#d.items.transaction(async (trx) => {
      await this.#d.items.update(trx, tenantId, id, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.folderId !== undefined ? { folder_id: input.folderId } : {}),
        ...('visibleTo' in access ? { visible_level: access.visibleTo?.level ?? null } : {}),
        ...('updatableBy' in access ? { updatable_level: access.updatableBy?.level ?? null } : {}),
        updated_at: at,
      });
      await this.#d.access.apply(trx, { table: 'items', tenantId, id }, access);
      const history = [
        input.title !== undefined && input.title !== item.title
          ? { action: 'renamed', details: { from: item.title, to: input.title } }
          : null,
        input.description !== undefined && input.description !== item.description
          ? { action: 'described' }
          : null,
        input.folderId !== undefined && input.folderId !== item.folder_id
          ? { action: 'moved', details: { from: item.folder_id, to: input.folderId } }
          : null,
        Object.keys(access).length > 0 ? { action: 'accessChanged', details: access } : null,
      ].filter((h) => h !== null);
      await this.#d.items.addHistory(
        trx,
        history.map((h) => ({ tenantId, itemId: id, actorId: caller.user.id, at, ...h })),
      );
    });
    return this.get(caller, id);
  }

  async move(caller: Identity, itemIds: string[], folderId: string) {
    await this.#d.folders.writableRow(caller, folderId, 'folderId');
    const { done, failed } = await this.#bulk(itemIds, (id) => this.update(caller, id, { folderId }));
    return { moved: done, failed };
  }

  async deleteMany(caller: Identity, itemIds: string[]) {
    const { done, failed } = await this.#bulk(itemIds, (id) => this.delete(caller, id));
    return { deleted: done, failed };
  }

  /** To the recycle bin: the delete permission or ownership (spec §6). */
  async delete(caller: Identity, id: string): Promise<void> {
    const { item } = await this.visible(caller, id);
    if (!canDeleteItem(caller.principal, { ownerId: item.owner_id }))
      throw forbidden(MESSAGES.noDeletePermission);
    await this.#setDeleted(caller, item, nowIso());
  }

  async restore(caller: Identity, id: string): Promise<ItemDto> {
    const { item } = await this.visible(caller, id, { deleted: true });
    if (item.deleted_at === null) throw badField('id', 'The item is not in the recycle bin');
    if (!canRecoverItem(caller.principal, { ownerId: item.owner_id })) {
      throw forbidden('You do not have permission to restore this item');
    }
    // Its folder may have been deleted meanwhile; then it comes back to the root.
    const folder = await this.#d.folders.visibleRow(caller, item.folder_id).catch(() => undefined);
    const folderId = folder?.id ?? (await this.#d.folders.rootRow(caller.tenant.id, caller.user.id)).id;
    await this.#setDeleted(caller, item, null, folderId);
    return this.get(caller, id);
  }

  /** Only from the recycle bin; removes the rows, then every blob of the item. */
  async deletePermanently(caller: Identity, id: string): Promise<void> {
    const { item } = await this.visible(caller, id, { deleted: true });
    if (item.deleted_at === null)
      throw badField('id', 'Only items in the recycle bin can be deleted permanently');
    if (!canDeleteItem(caller.principal, { ownerId: item.owner_id }))
      throw forbidden(MESSAGES.noDeletePermission);
    await this.#d.items.transaction(async (trx) => {
      await this.#d.access.deleteSubjects(trx, caller.tenant.id, [id]);
      await this.#d.processing.forget(trx, caller.tenant.id, id);
      await this.#d.items.deletePermanently(trx, caller.tenant.id, id);
    });
    await this.#d.blobs.deletePrefix(itemPrefix(caller.tenant.id, id));
  }

  /**
   * The item becomes what the version is: its type, duration, technical metadata and renditions
   * (read from the leading version), and its transcoding state — complete for a version the
   * pipeline finished, a new run for one it did not (never run, or its run failed).
   */
  async promote(caller: Identity, id: string, versionId: string): Promise<ItemDto> {
    const { item } = await this.updatable(caller, id);
    // Promoting is versioning: what a sequence or a virtual clip refuses for a new version it refuses here.
    const notForThisItem = mediaActionRefusal(itemShapeOf(item), 'version');
    if (notForThisItem !== null) throw badField('versionId', MESSAGES[notForThisItem]);
    const version = await this.#d.items.version(caller.tenant.id, versionId);
    if (!version || version.item_id !== id) throw notFound('Version not found');
    const processed = version.renditions !== null;
    const at = nowIso();
    await this.#d.items.transaction(async (trx) => {
      await this.#d.items.update(trx, caller.tenant.id, id, {
        leading_version_id: version.id,
        file_name: version.filename,
        item_type: version.item_type ?? item.item_type,
        duration_ms: durationMsOf(version.technical),
        updated_at: at,
      });
      await this.#d.items.addHistory(trx, [
        {
          tenantId: caller.tenant.id,
          itemId: id,
          actorId: caller.user.id,
          action: 'versionPromoted',
          details: { number: version.number },
          at,
        },
      ]);
      if (processed) {
        await this.#d.processing.setState(
          'transcoding',
          caller.tenant.id,
          id,
          { state: 'complete', progress: 100, errorMessage: null },
          trx,
        );
      }
    });
    if (!processed)
      await this.#d.processing.start('transcoding', caller.tenant.id, id, version.id, caller.user.id);
    return this.get(caller, id);
  }

  async reprocess(caller: Identity, id: string): Promise<ItemDto> {
    const { item } = await this.visible(caller, id);
    if (mediaActionRefusal(itemShapeOf(item), 'reprocess') !== null || item.leading_version_id === null) {
      throw new AppError('bad_request', MESSAGES.reprocessNotSupported);
    }
    await this.#d.processing.start(
      'transcoding',
      caller.tenant.id,
      id,
      item.leading_version_id,
      caller.user.id,
      {
        again: true,
      },
    );
    return this.get(caller, id);
  }

  async history(caller: Identity, id: string, q: Paging) {
    await this.visible(caller, id, { deleted: true });
    const page = await this.#d.items.history(caller.tenant.id, id, q);
    const names = await this.#d.users.names(
      caller.tenant.id,
      page.items.flatMap((h) => (h.actor_id === null ? [] : [h.actor_id])),
    );
    return {
      ...page,
      items: page.items.map((h) => ({
        id: h.id,
        action: h.action,
        actor: h.actor_id === null ? null : { id: h.actor_id, name: names.get(h.actor_id) ?? '' },
        details: JSON.parse(h.details) as Record<string, unknown>,
        createdAt: h.created_at,
      })),
    };
  }

  async #setDeleted(caller: Identity, item: ItemRow, at: string | null, folderId?: string): Promise<void> {
    const now = nowIso();
    await this.#d.items.transaction(async (trx) => {
      await this.#d.items.update(trx, caller.tenant.id, item.id, {
        deleted_at: at,
        deleted_by: at === null ? null : caller.user.id,
        updated_at: now,
        ...(folderId !== undefined ? { folder_id: folderId } : {}),
      });
      await this.#d.items.addHistory(trx, [
        {
          tenantId: caller.tenant.id,
          itemId: item.id,
          actorId: caller.user.id,
          action: at === null ? 'restored' : 'deleted',
          at: now,
        },
      ]);
    });
  }

  async #bulk(ids: string[], run: (id: string) => Promise<unknown>): Promise<BulkResult> {
    const result: BulkResult = { done: [], failed: [] };
    for (const id of new Set(ids)) {
      try {
        await run(id);
        result.done.push(id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        result.failed.push({ id, message: err.message });
      }
    }
    return result;
  }

  async #context(caller: Identity, items: ItemRow[], extraUserIds: string[] = []): Promise<ItemContext> {
    const tenantId = caller.tenant.id;
    const ids = items.map((i) => i.id);
    // A virtual clip plays its source's streams: its source's leading version stands for its own.
    const clipSources = await this.#clipSources(tenantId, items);
    const leadingIds = [...items, ...clipSources.values()].flatMap((i) =>
      i.leading_version_id === null ? [] : [i.leading_version_id],
    );
    const [analyses, versions] = await Promise.all([
      this.#d.processing.statesOf(tenantId, ids),
      this.#d.items.versionsByIds(tenantId, leadingIds),
    ]);
    const byItem = new Map(versions.map((v) => [v.item_id, v]));
    const leading = new Map(
      items.flatMap((i) => {
        const version = byItem.get(clipSources.get(i.id)?.id ?? i.id);
        return version ? [[i.id, version] as const] : [];
      }),
    );
    const names = await this.#d.users.names(tenantId, [
      ...items.flatMap((i) => [i.owner_id, i.created_by]),
      ...extraUserIds,
    ]);
    return { names, analyses, leading };
  }

  /** The live sources of the virtual clips among `items`, by clip id. */
  async #clipSources(tenantId: string, items: readonly ItemRow[]): Promise<Map<string, ItemRow>> {
    const clips = items.filter((i) => i.clip_source_id !== null);
    if (clips.length === 0) return new Map();
    const sources = await this.#d.items.byIds(
      tenantId,
      clips.map((c) => c.clip_source_id ?? ''),
    );
    const live = new Map(sources.filter((s) => s.deleted_at === null).map((s) => [s.id, s]));
    return new Map(
      clips.flatMap((c) => {
        const source = live.get(c.clip_source_id ?? '');
        return source ? [[c.id, source] as const] : [];
      }),
    );
  }

  async #summaries(caller: Identity, page: Page<ItemRow>): Promise<Page<ItemSummaryDto>> {
    return { ...page, items: await this.summariesOf(caller, page.items) };
  }

  /** Rows the caller may see (a search's), as the list shapes them, in a few queries. */
  async summariesOf(caller: Identity, rows: ItemRow[]): Promise<ItemSummaryDto[]> {
    const ctx = await this.#context(caller, rows);
    return rows.map((i) => presentSummary(i, ctx));
  }

  async #present(caller: Identity, item: ItemRow, guarded: Guarded): Promise<ItemDto> {
    const [versions, renderedFrom] = await Promise.all([
      this.#d.items.versions(caller.tenant.id, item.id),
      this.#d.items.renderSourceOf(caller.tenant.id, item.id),
    ]);
    const ctx = await this.#context(
      caller,
      [item],
      versions.map((v) => v.created_by),
    );
    return presentItem(item, guarded, { versions, renderedFrom }, ctx, caller.principal);
  }
}

export function durationMsOf(technical: string | null): number | null {
  if (technical === null) return null;
  const seconds = (JSON.parse(technical) as { durationSeconds?: number | null }).durationSeconds;
  return typeof seconds === 'number' ? Math.round(seconds * 1000) : null;
}
