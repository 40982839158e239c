import type { ItemType } from '@skald/domain';

/** A new item's row but its title: the user (uploader, requester, namer of a person) owns it, in its folder, with no version yet. */
export const newItemColumns = (
  i: { tenantId: string; itemId: string; folderId: string; userId: string; itemType: ItemType },
  at: string,
) => ({
  id: i.itemId,
  tenant_id: i.tenantId,
  item_type: i.itemType,
  folder_id: i.folderId,
  owner_id: i.userId,
  created_by: i.userId,
  visible_level: null,
  updatable_level: null,
  leading_version_id: null,
  duration_ms: null,
  created_at: at,
  updated_at: at,
  deleted_at: null,
  deleted_by: null,
});
