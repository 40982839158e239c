import { mediaActionRefusal } from '@skald/domain';
import type { Item, ItemSummary } from '../../api/items.ts';

type PlaceholderShape = Pick<Item, 'isDeleted' | 'leadingVersionId' | 'itemType' | 'virtualClip'>;

/** A placeholder: an item that can take media and has none yet (spec §4). */
export const isPlaceholder = (item: PlaceholderShape): boolean =>
  !item.isDeleted && item.leadingVersionId === null && mediaActionRefusal(item, 'version') === null;

/** Media on its way to it: a render or a copy runs. */
export const isBeingFilled = (item: Pick<Item, 'transcoding'>): boolean =>
  item.transcoding.state === 'initiated' || item.transcoding.state === 'progressing';

/**
 * A placeholder the caller may fill now, as the server checks before a central render request or a
 * copy: one they may update, with no media and none on its way (a failed request gives way).
 */
export const canFill = (item: PlaceholderShape & Pick<Item, 'canUpdate' | 'transcoding'>): boolean =>
  isPlaceholder(item) && item.canUpdate && !isBeingFilled(item);

/**
 * Whether a search hit may be a placeholder to fill, from what a hit says: nothing was ever
 * transcoded into it, or a render into it failed. Its details decide (`canFill`).
 */
export const mayBeFillable = (hit: Pick<ItemSummary, 'isDeleted' | 'transcoding'>): boolean =>
  !hit.isDeleted && (hit.transcoding.state === null || hit.transcoding.state === 'error');

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The item an address (…/item-details/<id>) or a bare ID names; null when it names none. */
export function itemIdIn(text: string): string | null {
  return ID.exec(text)?.[0]?.toLowerCase() ?? null;
}
