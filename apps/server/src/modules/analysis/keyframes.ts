import { blobKey, type BlobKey } from '../../storage/blob-key.ts';

/** A shot's keyframe, under the version it was taken from (removed with the item). */
export const keyframeKey = (tenantId: string, itemId: string, versionId: string, shotId: string): BlobKey =>
  blobKey(tenantId, 'items', itemId, 'versions', versionId, 'analysis', 'keyframes', `${shotId}-jpg`);
