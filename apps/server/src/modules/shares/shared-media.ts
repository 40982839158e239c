import type { ItemRow, VersionRow } from '../../db/rows.ts';

/**
 * What shares read of items: rows by id, a folder's live items and their versions. The items
 * repository implements it; the composition root passes it.
 */
export interface SharedMediaSource {
  byIds(tenantId: string, ids: readonly string[]): Promise<ItemRow[]>;
  liveInFolders(tenantId: string, folderIds: readonly string[]): Promise<ItemRow[]>;
  versionsByIds(tenantId: string, ids: readonly string[]): Promise<VersionRow[]>;
}

/**
 * What happens on a share that its owner hears about ("your share was opened", "files arrived
 * through your upload request"). The notifications service implements it; until then nothing does.
 */
export interface ShareEvents {
  opened(share: SharedEventShare): void;
  fileArrived(share: SharedEventShare, itemId: string): void;
}

export interface SharedEventShare {
  tenantId: string;
  shareId: string;
  ownerId: string | null;
  title: string;
  kind: 'share' | 'uploadRequest';
}

export const NO_SHARE_EVENTS: ShareEvents = { opened: () => undefined, fileArrived: () => undefined };
