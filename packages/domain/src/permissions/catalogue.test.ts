import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  DEFAULT_PERMISSIONS,
  PERMISSION_CATALOGUE,
  PERMISSION_GROUPS,
  isPermission,
  permissionGroupOf,
  type PermissionGroup,
} from './catalogue.ts';

// Spec §6, transcribed independently of the catalogue so that a typo on either side fails.
const SPEC: readonly (readonly [string, boolean])[] = [
  ['general.bookmarks', false],
  ['general.playout', false],
  ['general.playoutDebug', false],
  ['general.setVisibleToSelf', true],
  ['general.setVisibleToGroups', false],
  ['general.bulkMetadataUpdate', false],
  ['general.mimirCutter', false],
  ['general.apiKeys', false],
  ['general.getGroups', false],
  ['general.systemBookmarksManage', false],
  ['general.tenantWideRead', false],
  ['general.tenantWideWrite', false],
  ['general.playoutControl', false],
  ['general.playoutDebugOverlay', false],
  ['general.liveRecordingsManage', false],
  ['analytics.transcoding', false],
  ['analytics.transcription', false],
  ['analytics.personDetection', false],
  ['analytics.celebrityDetection', false],
  ['analytics.labelDetection', false],
  ['analytics.textDetection', false],
  ['analytics.subclip', false],
  ['analytics.translation', true],
  ['analytics.sceneDetection', true],
  ['userManagement.tenantInfo', false],
  ['userManagement.tenantSupport', false],
  ['userManagement.tenantSystemRead', false],
  ['userManagement.tenantSystemWrite', false],
  ['userManagement.enforceMfa', false],
  ['systemActivity.download', true],
  ['systemActivity.processor', true],
  ['systemActivity.upload', true],
  ['item.create', false],
  ['item.upload', false],
  ['item.exportSequence', false],
  ['item.dependenciesOnExportSequence', false],
  ['item.delete', false],
  ['item.copyMedia', false],
  ['item.createVirtualClip', false],
  ['item.archive', false],
  ['item.unarchive', false],
  ['item.relation', false],
  ['item.version', false],
  ['item.promote', false],
  ['item.createPlaceholder', false],
  ['item.restoreMedia', false],
  ['item.downloadMarkers', false],
  ['item.editRestrictions', false],
  ['item.createCloudLive', false],
  ['item.createCloudLiveInExistingPlaceholder', false],
  ['item.changeOwner', false],
  ['item.reprocess', false],
  ['item.commentDeleteOthers', false],
  ['item.recoverDeleted', true],
  ['item.update', true],
  ['item.updateMetadata', true],
  ['item.updateTranscript', true],
  ['item.createVersionRegardlessOfUpdateControl', true],
  ['item.sendToStorage', true],
  ['item.downloadMedia', true],
  ['item.chooseUploadLocation', true],
  ['item.history', true],
  ['item.move', true],
  ['item.commentRead', true],
  ['item.commentWrite', true],
  ['item.commentStatus', true],
  ['item.commentDeleteOwn', true],
  ['person.create', true],
  ['person.delete', true],
  ['person.update', true],
  ['person.merge', true],
  ['folder.create', true],
  ['folder.delete', true],
  ['folder.update', true],
  ['share.shareMedia', false],
  ['share.requestUpload', false],
  ['task.listAll', false],
  ['allTenants.billing', false],
  ['allTenants.write', false],
  ['allTenants.tunnel', false],
  ['allTenants.processor', false],
  ['ui.metadata', true],
  ['ui.logging', true],
  ['ui.relations', true],
  ['ui.analytics', true],
  ['ui.comments', true],
  ['ui.map', true],
  ['ui.attachments', true],
  ['ui.shares', true],
  ['ui.plugin', true],
  ['ui.persons', true],
  ['ui.usageRules', true],
  ['ui.translation', true],
  ['ui.transcript', true],
  ['ui.labels', true],
  ['ui.searchFilter', true],
];

describe('the permission catalogue', () => {
  it.each(SPEC)('holds %s with default %s', (permission, byDefault) => {
    expect(ALL_PERMISSIONS).toContain(permission);
    expect((DEFAULT_PERMISSIONS as readonly string[]).includes(permission)).toBe(byDefault);
  });

  it('holds nothing the spec does not list, each permission once', () => {
    expect([...ALL_PERMISSIONS].sort()).toEqual(SPEC.map(([permission]) => permission).sort());
  });

  it('lists as defaults exactly the permissions whose default is true', () => {
    const defaults = SPEC.filter(([, byDefault]) => byDefault).map(([permission]) => permission);
    expect([...DEFAULT_PERMISSIONS].sort()).toEqual(defaults.sort());
  });

  it.each<[PermissionGroup, number]>([
    ['general', 15],
    ['analytics', 9],
    ['userManagement', 5],
    ['systemActivity', 3],
    ['item', 35],
    ['person', 4],
    ['folder', 3],
    ['share', 2],
    ['task', 1],
    ['allTenants', 4],
    ['ui', 15],
  ])('has a %s group of %i permissions', (group, count) => {
    expect(Object.keys(PERMISSION_CATALOGUE[group])).toHaveLength(count);
    expect(ALL_PERMISSIONS.filter((p) => permissionGroupOf(p) === group)).toHaveLength(count);
  });

  it('has the eleven groups of the spec, in its order', () => {
    expect(PERMISSION_GROUPS).toEqual([
      'general',
      'analytics',
      'userManagement',
      'systemActivity',
      'item',
      'person',
      'folder',
      'share',
      'task',
      'allTenants',
      'ui',
    ]);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(ALL_PERMISSIONS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_PERMISSIONS)).toBe(true);
  });
});

describe('isPermission', () => {
  it.each([
    ['item.create', true],
    ['general.apiKeys', true],
    ['ui.metadata', true],
    ['person.merge', true],
    ['allTenants.write', true],
    ['systemActivity.processor', true],
    ['allTenants.processor', true],
    ['item.merge', false],
    ['Item.create', false],
    ['item.Create', false],
    [' item.create', false],
    ['item.create ', false],
    ['item', false],
    ['item.', false],
    ['.create', false],
    ['create', false],
    ['item..create', false],
    ['item.create.extra', false],
    ['', false],
    ['toString', false],
    ['__proto__', false],
    ['general.constructor', false],
  ])('says %j is a permission: %s', (value, expected) => {
    expect(isPermission(value)).toBe(expected);
  });
});

describe('permissionGroupOf', () => {
  it.each([
    ['general.apiKeys', 'general'],
    ['analytics.sceneDetection', 'analytics'],
    ['userManagement.enforceMfa', 'userManagement'],
    ['systemActivity.download', 'systemActivity'],
    ['item.createCloudLiveInExistingPlaceholder', 'item'],
    ['person.merge', 'person'],
    ['folder.delete', 'folder'],
    ['share.requestUpload', 'share'],
    ['task.listAll', 'task'],
    ['allTenants.tunnel', 'allTenants'],
    ['ui.searchFilter', 'ui'],
  ] as const)('puts %s in %s', (permission, group) => {
    expect(permissionGroupOf(permission)).toBe(group);
  });
});
