import type { MessageKey } from '../messages.ts';
import { MEDIA_ITEM_TYPES, type ItemType } from './item-types.ts';

/**
 * A virtual clip is a clip (its type is its source's: video or audio) that points at a range of
 * another item and has no file of its own. It is not a sequence: a sequence (spec §1 "clip list") is
 * a list of clips. Creating either is a later issue's (spec §6 `item.createVirtualClip`); what they
 * refuse is decided here.
 */
export interface VirtualClip {
  sourceItemId: string;
  startSeconds: number;
  endSeconds: number;
}

/** What the media rules read of an item. */
export interface ItemShape {
  itemType: ItemType;
  virtualClip: VirtualClip | null;
}

/** Acting on an item's own media: downloading it, adding or promoting a version, reprocessing it. */
export type MediaAction = 'download' | 'version' | 'reprocess';

const REFUSALS = {
  // Spec §8 'Cannot download sequence'. A clip list is made of clips, not of a file, so a file
  // cannot become its new version either (the product's own message, worded as §8's for clips).
  sequence: {
    download: 'cannotDownloadSequence',
    version: 'sequenceVersioning',
    reprocess: 'reprocessNotSupported',
  },
  // Spec §5 'Virtual clips cannot be versioned or downloaded directly', §8 'Versioning virtual clips is not supported'.
  virtualClip: {
    download: 'virtualClipDownload',
    version: 'virtualClipVersioning',
    reprocess: 'reprocessNotSupported',
  },
} as const satisfies Record<string, Record<MediaAction, MessageKey>>;

/**
 * Why the action does not apply to this item (the message to answer), or null when it does. Who may
 * act is asked apart (the permissions); this is about what the item is.
 */
export function mediaActionRefusal(item: ItemShape, action: MediaAction): MessageKey | null {
  if (item.virtualClip !== null) return REFUSALS.virtualClip[action];
  if (item.itemType === 'sequence') return REFUSALS.sequence[action];
  // Reprocessing re-runs the media pipeline, so it applies only where there is media to process.
  if (action === 'reprocess' && !MEDIA_ITEM_TYPES.includes(item.itemType)) return 'reprocessNotSupported';
  return null;
}
