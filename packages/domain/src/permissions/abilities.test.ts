import { describe, expect, it } from 'vitest';
import { OTHER, USER, makePrincipal } from '../test-support/principals.ts';
import type { Access, Guarded } from '../access/types.ts';
import {
  canChooseUploadLocation,
  canCreateVersion,
  canDeleteFolder,
  canDeleteItem,
  canEditRestrictions,
  canEnforceMfa,
  canRecoverItem,
  canUpdate,
  canUpload,
  versionRefusal,
  type VersionRefusal,
} from './abilities.ts';
import type { Permission } from './catalogue.ts';
import type { Principal, Role } from './roles.ts';

// The server hands over expanded permissions; this principal holds exactly what it is given, to
// show that canUpload asks for both rather than relying on create implying upload.
function unexpanded(permissions: Permission[]): Principal {
  return { ...makePrincipal(), permissions: new Set(permissions) };
}

describe('canUpload', () => {
  it.each<[string, Principal, boolean]>([
    ['nothing granted', makePrincipal(), false],
    ['item.upload alone', makePrincipal({ permissions: ['item.upload'] }), false],
    ['item.create, which implies upload', makePrincipal({ permissions: ['item.create'] }), true],
    ['item.create and item.upload', makePrincipal({ permissions: ['item.create', 'item.upload'] }), true],
    ['item.create without its implication applied', unexpanded(['item.create']), false],
    ['item.create and item.upload, unexpanded', unexpanded(['item.create', 'item.upload']), true],
    ['the super admin role', makePrincipal({ roles: ['superAdmin'] }), true],
    ['the admin role', makePrincipal({ roles: ['admin'] }), false],
  ])('with %s: %s', (_with, principal, expected) => {
    expect(canUpload(principal)).toBe(expected);
  });
});

describe('canUpdate', () => {
  it.each<[string, Principal, boolean]>([
    ['nothing granted', makePrincipal(), false],
    ['item.update', makePrincipal({ permissions: ['item.update'] }), true],
    ['item.updateMetadata alone', makePrincipal({ permissions: ['item.updateMetadata'] }), false],
    ['item.create', makePrincipal({ permissions: ['item.create'] }), false],
    ['the super admin role', makePrincipal({ roles: ['superAdmin'] }), true],
    ['the admin role', makePrincipal({ roles: ['admin'] }), false],
  ])('with %s: %s', (_with, principal, expected) => {
    expect(canUpdate(principal)).toBe(expected);
  });
});

type OwnerRule = (p: Principal, r: { ownerId: string }) => boolean;

describe.each<[string, OwnerRule, Permission]>([
  ['canDeleteItem', canDeleteItem, 'item.delete'],
  ['canRecoverItem', canRecoverItem, 'item.recoverDeleted'],
  ['canDeleteFolder', canDeleteFolder, 'folder.delete'],
])('%s', (_name, rule, permission) => {
  it.each<[string, Permission[], Role[], string, boolean]>([
    ['the owner without the permission', [], [], USER, true],
    ['the owner with the permission', [permission], [], USER, true],
    ['someone else with the permission', [permission], [], OTHER, true],
    ['someone else without the permission', [], [], OTHER, false],
    ['someone else with only unrelated permissions', ['item.update', 'folder.update'], [], OTHER, false],
    ['a super admin who is not the owner', [], ['superAdmin'], OTHER, true],
    ['an admin who is not the owner and lacks the permission', [], ['admin'], OTHER, false],
    ['a support user who is not the owner', [], ['support'], OTHER, false],
  ])('allows %s: %s', (_who, permissions, roles, ownerId, expected) => {
    expect(rule(makePrincipal({ permissions, roles }), { ownerId })).toBe(expected);
  });
});

describe('canEditRestrictions', () => {
  it.each<[string, Permission[], Role[], string, boolean]>([
    ['a viewer with no permissions, on someone else’s item', [], [], OTHER, false],
    [
      'an editor with item.update and folder.update but not the permission',
      ['item.update', 'folder.update'],
      [],
      OTHER,
      false,
    ],
    [
      'a user with both visibility permissions but not editRestrictions',
      ['general.setVisibleToSelf', 'general.getGroups'],
      [],
      OTHER,
      false,
    ],
    ['someone else with item.editRestrictions', ['item.editRestrictions'], [], OTHER, true],
    ['the owner without the permission', [], [], USER, true],
    ['the owner with the permission', ['item.editRestrictions'], [], USER, true],
    ['an admin who is not the owner', [], ['admin'], OTHER, true],
    ['a super admin who is not the owner', [], ['superAdmin'], OTHER, true],
    ['a support user who is not the owner', [], ['support'], OTHER, false],
    ['a tenant admin by tenantInfo only, not the owner', ['userManagement.tenantInfo'], [], OTHER, false],
  ])('allows %s: %s', (_who, permissions, roles, ownerId, expected) => {
    expect(canEditRestrictions(makePrincipal({ permissions, roles }), { ownerId })).toBe(expected);
  });
});

describe('versionRefusal and canCreateVersion', () => {
  const open: Guarded = { ownerId: OTHER, visibleTo: null, updatableBy: null };
  const ownerOnly: Access = { level: 'owner', groups: [] };
  const locked: Guarded = { ownerId: OTHER, visibleTo: null, updatableBy: ownerOnly };
  const mine: Guarded = { ownerId: USER, visibleTo: null, updatableBy: ownerOnly };
  const withoutOverride = (permissions: Permission[]): Principal => {
    const p = makePrincipal({ permissions });
    const kept = new Set(p.permissions);
    kept.delete('item.createVersionRegardlessOfUpdateControl');
    return { ...p, permissions: kept };
  };
  const override = 'item.createVersionRegardlessOfUpdateControl' as const;

  it.each<[string, Principal, Guarded, VersionRefusal | null]>([
    ['nothing granted', makePrincipal(), open, 'noUploadPermission'],
    [
      'item.version without upload rights',
      makePrincipal({ permissions: ['item.version'] }),
      open,
      'noUploadPermission',
    ],
    [
      'upload rights without item.version',
      makePrincipal({ permissions: ['item.create'] }),
      open,
      'noUpdateExistingPermission',
    ],
    [
      'upload rights and item.update, without item.version',
      makePrincipal({ permissions: ['item.create', 'item.update'] }),
      open,
      'noUpdateExistingPermission',
    ],
    [
      'upload rights and item.version, on an open item',
      makePrincipal({ permissions: ['item.create', 'item.version'] }),
      open,
      null,
    ],
    [
      'upload rights and item.version, without item.update',
      unexpanded(['item.create', 'item.upload', 'item.version']),
      open,
      null,
    ],
    [
      'item.version on an item whose updatable-by refuses, with the override',
      makePrincipal({ permissions: ['item.create', 'item.version', override] }),
      locked,
      null,
    ],
    [
      'item.version on an item whose updatable-by refuses, without the override',
      withoutOverride(['item.create', 'item.version']),
      locked,
      'noUpdateThisItemPermission',
    ],
    [
      'the owner of an owner-only item, without the override',
      withoutOverride(['item.create', 'item.version']),
      mine,
      null,
    ],
    ['a super admin', makePrincipal({ roles: ['superAdmin'] }), locked, null],
    ['an admin without upload rights', makePrincipal({ roles: ['admin'] }), open, 'noUploadPermission'],
    [
      'an admin with upload rights and item.version, on a locked item without the override',
      { ...withoutOverride(['item.create', 'item.version']), roles: ['admin'] },
      locked,
      null,
    ],
  ])('with %s: %s', (_with, principal, item, expected) => {
    expect(versionRefusal(principal, item)).toBe(expected);
    expect(canCreateVersion(principal, item)).toBe(expected === null);
  });
});

describe('canChooseUploadLocation', () => {
  it.each<[string, Principal, boolean]>([
    ['nothing granted', makePrincipal(), false],
    ['item.chooseUploadLocation', makePrincipal({ permissions: ['item.chooseUploadLocation'] }), true],
    ['upload rights alone', makePrincipal({ permissions: ['item.create'] }), false],
    ['the super admin role', makePrincipal({ roles: ['superAdmin'] }), true],
    ['the admin role alone', makePrincipal({ roles: ['admin'] }), false],
  ])('with %s: %s', (_with, principal, expected) => {
    expect(canChooseUploadLocation(principal)).toBe(expected);
  });
});

describe('canEnforceMfa', () => {
  it.each<[string, Principal, boolean]>([
    ['nothing granted', makePrincipal(), false],
    ['userManagement.enforceMfa', makePrincipal({ permissions: ['userManagement.enforceMfa'] }), true],
    ['a tenant admin by tenantInfo', makePrincipal({ permissions: ['userManagement.tenantInfo'] }), true],
    ['the admin role', makePrincipal({ roles: ['admin'] }), true],
    ['the super admin role', makePrincipal({ roles: ['superAdmin'] }), true],
    ['the support role', makePrincipal({ roles: ['support'] }), false],
    ['other user management', makePrincipal({ permissions: ['userManagement.tenantSystemWrite'] }), false],
  ])('with %s: %s', (_with, principal, expected) => {
    expect(canEnforceMfa(principal)).toBe(expected);
  });
});
