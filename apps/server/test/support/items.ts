import { createHash } from 'node:crypto';
import { DEFAULT_PERMISSIONS, type Access, type ItemType, type Permission } from '@skald/domain';
import { newId } from '../../src/lib/ids.ts';
import { nowIso } from '../../src/lib/time.ts';
import type { FolderDto } from '../../src/modules/folders/folders.service.ts';
import { originalKey, type Renditions } from '../../src/modules/items/renditions.ts';
import type { TestApp } from './app.ts';
import type { TestTenant } from './factories.ts';

export interface ItemOptions {
  ownerId: string;
  /** The creator's user id; the owner by default. */
  createdBy?: string;
  folderId?: string;
  title?: string;
  description?: string;
  itemType?: ItemType;
  /** ISO-8601; now by default. */
  createdAt?: string;
  durationMs?: number;
  visibleTo?: Access | null;
  updatableBy?: Access | null;
  /** Bytes of the original; a version is stored when given. */
  original?: Buffer;
  /** The original's file name; `<title>.mp4` by default. */
  filename?: string;
  /** Makes the item a virtual clip of this range of another item (nothing creates them through the API yet). */
  clipOf?: { sourceItemId: string; startMs: number; endMs: number };
}

/**
 * An item as the upload path leaves it, written straight through the repositories so that tests
 * of reading, moving and deleting need no upload. Access lists go through the service, like a PATCH.
 */
export async function makeItem(t: TestApp, tt: TestTenant, o: ItemOptions): Promise<string> {
  const id = newId();
  const at = o.createdAt ?? nowIso();
  const folderId = o.folderId ?? (await t.services.foldersService.rootRow(tt.tenant.id, tt.root.user.id)).id;
  const title = o.title ?? `Item ${id.slice(-6)}`;
  await t.services.itemsRepository.transaction(async (trx) => {
    await t.services.itemsRepository.insert(trx, {
      id,
      tenant_id: tt.tenant.id,
      item_type: o.itemType ?? 'video',
      title,
      ...(o.description !== undefined ? { description: o.description } : {}),
      folder_id: folderId,
      owner_id: o.ownerId,
      created_by: o.createdBy ?? o.ownerId,
      visible_level: null,
      updatable_level: null,
      leading_version_id: null,
      duration_ms: o.durationMs ?? null,
      created_at: at,
      updated_at: at,
      deleted_at: null,
      deleted_by: null,
      ...(o.clipOf
        ? {
            clip_source_id: o.clipOf.sourceItemId,
            clip_start_ms: o.clipOf.startMs,
            clip_end_ms: o.clipOf.endMs,
          }
        : {}),
    });
  });
  if (o.original)
    await addVersion(t, tt, id, { original: o.original, filename: o.filename ?? `${title}.mp4`, at });
  if (o.visibleTo !== undefined || o.updatableBy !== undefined) {
    await t.services.itemsService.update(tt.root, id, {
      ...(o.visibleTo !== undefined ? { visibleTo: o.visibleTo } : {}),
      ...(o.updatableBy !== undefined ? { updatableBy: o.updatableBy } : {}),
    });
  }
  return id;
}

export interface VersionOptions {
  original: Buffer;
  filename?: string;
  /** ISO-8601; now by default. */
  at?: string;
  /** What the pipeline leaves on a version it finished; without it, the version is as an upload leaves it. */
  processed?: { itemType: ItemType; technical: object | null; renditions: Renditions };
}

/** A new leading version of the item, its original stored, written through the repositories. */
export async function addVersion(
  t: TestApp,
  tt: TestTenant,
  itemId: string,
  o: VersionOptions,
): Promise<string> {
  const items = t.services.itemsRepository;
  const item = await items.byId(tt.tenant.id, itemId);
  if (!item) throw new Error(`no item ${itemId}`);
  const versionId = newId();
  const { processed } = o;
  const filename = o.filename ?? 'original.mp4';
  await items.transaction(async (trx) => {
    await items.insertVersion(trx, {
      id: versionId,
      tenant_id: tt.tenant.id,
      item_id: itemId,
      number: await items.nextVersionNumber(trx, tt.tenant.id, itemId),
      filename,
      size: o.original.length,
      sha256: processed ? createHash('sha256').update(o.original).digest('hex') : null,
      mime_type: 'video/mp4',
      item_type: processed?.itemType ?? null,
      technical: processed?.technical ? JSON.stringify(processed.technical) : null,
      renditions: processed ? JSON.stringify(processed.renditions) : null,
      created_by: item.owner_id,
      created_at: o.at ?? nowIso(),
    });
    await items.update(trx, tt.tenant.id, itemId, { leading_version_id: versionId, file_name: filename });
  });
  await t.services.blobs.put(originalKey(tt.tenant.id, itemId, versionId), o.original);
  return versionId;
}

export async function makeFolder(
  t: TestApp,
  tt: TestTenant,
  name: string,
  options: { parentId?: string; visibleTo?: Access | null; updatableBy?: Access | null } = {},
): Promise<FolderDto> {
  const parentId =
    options.parentId ?? (await t.services.foldersService.rootRow(tt.tenant.id, tt.root.user.id)).id;
  return t.services.foldersService.create(tt.root, {
    name,
    parentId,
    visibleTo: options.visibleTo,
    updatableBy: options.updatableBy,
  });
}

/** Takes default permissions away from the organisation group, i.e. from everyone of the tenant. */
export async function revokeFromEveryone(
  t: TestApp,
  tt: TestTenant,
  permissions: Permission[],
): Promise<void> {
  await t.services.groupsRepository.update(tt.tenant.id, tt.tenant.organisation_group_id, {
    permissions: JSON.stringify(DEFAULT_PERMISSIONS.filter((p) => !permissions.includes(p))),
  });
  // Written past the groups service, so the cached identities of the tenant are evicted here.
  t.services.identityCaches.tenantChanged(tt.tenant.id);
}
