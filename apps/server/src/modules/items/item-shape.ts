import type { ItemShape, ItemType, VirtualClip } from '@skald/domain';
import type { ItemRow } from '../../db/rows.ts';

export function virtualClipOf(item: ItemRow): VirtualClip | null {
  if (item.clip_source_id === null) return null;
  return {
    sourceItemId: item.clip_source_id,
    startSeconds: (item.clip_start_ms ?? 0) / 1000,
    endSeconds: (item.clip_end_ms ?? 0) / 1000,
  };
}

/** What the domain's media rules (mediaActionRefusal) read of a stored item. */
export function itemShapeOf(item: ItemRow): ItemShape {
  return { itemType: item.item_type as ItemType, virtualClip: virtualClipOf(item) };
}
