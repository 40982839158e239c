import {
  canEditRestrictions,
  hasPermission,
  mediaActionRefusal,
  type MessageKey,
  type Principal,
} from '@skald/domain';
import type { Item } from '../../api/items.ts';

/**
 * An action of the item page: hidden when the user may not use it at all; shown but disabled, with
 * the reason, when it does not apply to this item now. A reason is a spec message (`messages:`) or
 * one of the page's own (`itemDetails:actions.blocked.`).
 */
export type Availability =
  | { shown: false }
  | { shown: true; blocked: null }
  | { shown: true; blocked: { message: MessageKey } | { own: 'jobRunning' } };

export interface ItemActions {
  rename: boolean;
  downloadOriginal: Availability;
  downloadProxy: Availability;
  reprocess: Availability;
  uploadVersion: Availability;
  move: boolean;
  /** Edit who sees the item and who may change it. */
  access: boolean;
  delete: boolean;
  /** Promote an older version back to leading. */
  promote: boolean;
}

const hidden: Availability = { shown: false };
const open: Availability = { shown: true, blocked: null };
const blockedBy = (message: MessageKey): Availability => ({ shown: true, blocked: { message } });

function transcodingRuns(item: Item): boolean {
  return item.transcoding.state === 'initiated' || item.transcoding.state === 'progressing';
}

export function itemActions(item: Item, principal: Principal): ItemActions {
  const download = hasPermission(principal, 'item.downloadMedia');
  // Spec §5/§8: a sequence and a virtual clip each refuse with their own message (domain mediaActionRefusal).
  const notDownloadable = mediaActionRefusal(item, 'download');
  const notVersionable = mediaActionRefusal(item, 'version');
  const downloadBlock = (hasMedia: boolean): Availability => {
    if (!download) return hidden;
    if (notDownloadable) return blockedBy(notDownloadable);
    return hasMedia ? open : blockedBy('itemHasNoMedia');
  };
  const live = !item.isDeleted;

  let reprocess: Availability = hidden;
  // Admins hold item.reprocess through their role grants (domain hasPermission).
  if (live && hasPermission(principal, 'item.reprocess')) {
    const notReprocessable = mediaActionRefusal(item, 'reprocess');
    if (notReprocessable || item.leadingVersionId === null)
      reprocess = blockedBy(notReprocessable ?? 'reprocessNotSupported');
    // Spec §4: a job's action is disabled while the job runs.
    else if (transcodingRuns(item)) reprocess = { shown: true, blocked: { own: 'jobRunning' } };
    else reprocess = open;
  }

  // Spec §5/§6: who may add a version is the server's answer with the domain's rule (canCreateVersion:
  // upload rights, item.version, the item's updatable-by or the override); hidden from who may not.
  let uploadVersion: Availability = hidden;
  if (live && item.canCreateVersion) uploadVersion = notVersionable ? blockedBy(notVersionable) : open;

  return {
    rename: live && item.canUpdate,
    downloadOriginal: downloadBlock(item.leadingVersionId !== null),
    downloadProxy: downloadBlock(item.playback?.proxyUrl != null),
    reprocess,
    uploadVersion,
    move: live && item.canUpdate && hasPermission(principal, 'item.move'),
    // Which levels the user may then choose is the server's check (domain validateAccessChange).
    access: live && item.canUpdate && canEditRestrictions(principal, { ownerId: item.owner.id }),
    delete: live && item.canDelete,
    promote: live && item.canUpdate && notVersionable === null && hasPermission(principal, 'item.promote'),
  };
}
