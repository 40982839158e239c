import { mediaActionRefusal } from '@skald/domain';
import type { Item } from '../../api/items.ts';

/** A placeholder: an item that can take media and has none yet (spec §4). */
export const isPlaceholder = (item: Item): boolean =>
  !item.isDeleted && item.leadingVersionId === null && mediaActionRefusal(item, 'version') === null;

/** Media on its way to it: a render or a copy runs. */
export const isBeingFilled = (item: Item): boolean =>
  item.transcoding.state === 'initiated' || item.transcoding.state === 'progressing';

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The item an address (…/item-details/<id>) or a bare ID names; null when it names none. */
export function itemIdIn(text: string): string | null {
  return ID.exec(text)?.[0]?.toLowerCase() ?? null;
}
