import type { ItemType } from './items/item-types.ts';
import type { Permission } from './permissions/catalogue.ts';

/*
 * What Skald can do today, of all the spec names (issue 11 §2: show what exists, mark the rest as
 * not available rather than promise it). The one place to say it: whoever builds a screen, a route
 * or a kind of item adds its names here in the same change, and the type filter and the
 * permission editor offer it from then on.
 */

/**
 * Item types that can be in a library now: uploads make video, audio, image and file items, and
 * folders are made in the folder view. Sequence, person and live cannot be created yet.
 */
export const AVAILABLE_ITEM_TYPES: ReadonlySet<ItemType> = new Set<ItemType>([
  'video',
  'audio',
  'image',
  'file',
  'folder',
]);

/**
 * Permissions that something checks: a route, a service's rule, a screen, or one they imply
 * (general.getGroups brings bookmarks and group visibility). The others (playout, analytics,
 * persons, most ui.* tabs…) wait for the screens that will use them.
 */
export const AVAILABLE_PERMISSIONS: ReadonlySet<Permission> = new Set<Permission>([
  'general.bookmarks',
  'general.mimirCutter',
  'analytics.subclip',
  'general.bulkMetadataUpdate',
  'general.setVisibleToSelf',
  'general.setVisibleToGroups',
  'general.apiKeys',
  'general.getGroups',
  'general.systemBookmarksManage',
  'general.tenantWideRead',
  'general.tenantWideWrite',
  'userManagement.tenantInfo',
  'userManagement.tenantSupport',
  'userManagement.enforceMfa',
  'systemActivity.download',
  'systemActivity.upload',
  'item.create',
  'item.createPlaceholder',
  'item.copyMedia',
  'item.downloadMarkers',
  'item.upload',
  'item.delete',
  'item.version',
  'item.promote',
  'item.editRestrictions',
  'item.reprocess',
  'item.recoverDeleted',
  'item.update',
  'item.createVersionRegardlessOfUpdateControl',
  'item.downloadMedia',
  'item.chooseUploadLocation',
  'item.history',
  'item.move',
  'item.updateMetadata',
  'folder.create',
  'folder.delete',
  'folder.update',
  'ui.metadata',
  'ui.relations',
  'ui.searchFilter',
  'ui.usageRules',
  'ui.logging',
  'ui.shares',
  'share.shareMedia',
  'share.requestUpload',
  'item.commentRead',
  'item.commentWrite',
  'item.commentStatus',
  'item.commentDeleteOwn',
  'item.commentDeleteOthers',
  'task.listAll',
  'ui.comments',
  'analytics.sceneDetection',
  'analytics.textDetection',
  'analytics.transcription',
  'analytics.personDetection',
  'analytics.celebrityDetection',
  'analytics.labelDetection',
  'person.update',
  'person.delete',
  'person.merge',
  'ui.persons',
  'ui.analytics',
  'ui.transcript',
]);
