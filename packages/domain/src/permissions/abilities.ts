import { checkUpdatable } from '../access/checks.ts';
import type { Guarded } from '../access/types.ts';
import type { MessageKey } from '../messages.ts';
import { hasPermission, isAdmin, isTenantAdmin, type Principal } from './roles.ts';

interface Owned {
  ownerId: string;
}

export function canUpload(p: Principal): boolean {
  return hasPermission(p, 'item.create') && hasPermission(p, 'item.upload');
}

export function canUpdate(p: Principal): boolean {
  return hasPermission(p, 'item.update');
}

/** Spec §5's upload messages, for what stops a new version. */
export type VersionRefusal = Extract<
  MessageKey,
  'noUploadPermission' | 'noUpdateExistingPermission' | 'noUpdateThisItemPermission'
>;

/**
 * Spec §6 item.version: a new version of an item is an upload (item.create and item.upload), needs
 * item.version ('update existing items'), and the item's updatable-by unless the user holds
 * item.createVersionRegardlessOfUpdateControl. item.update is not asked: it governs editing the
 * item's title and metadata, item.version its media. Answers the spec's message, or null when allowed.
 */
export function versionRefusal(p: Principal, item: Guarded): VersionRefusal | null {
  if (!canUpload(p)) return 'noUploadPermission';
  if (!hasPermission(p, 'item.version')) return 'noUpdateExistingPermission';
  if (
    checkUpdatable(p, item) !== 'allowed' &&
    !hasPermission(p, 'item.createVersionRegardlessOfUpdateControl')
  ) {
    return 'noUpdateThisItemPermission';
  }
  return null;
}

export function canCreateVersion(p: Principal, item: Guarded): boolean {
  return versionRefusal(p, item) === null;
}

/**
 * Spec §6 item.chooseUploadLocation: whoever lacks it still uploads, to the tenant's default upload
 * location.
 */
export function canChooseUploadLocation(p: Principal): boolean {
  return hasPermission(p, 'item.chooseUploadLocation');
}

/** Spec §6: tenant administrators and "users with the relevant permission can enforce MFA". */
export function canEnforceMfa(p: Principal): boolean {
  return isTenantAdmin(p) || hasPermission(p, 'userManagement.enforceMfa');
}

// Spec §6: owners may delete and recover their own items, and delete their own folders, without the permission.

export function canDeleteItem(p: Principal, r: Owned): boolean {
  return hasPermission(p, 'item.delete') || p.userId === r.ownerId;
}

export function canRecoverItem(p: Principal, r: Owned): boolean {
  return hasPermission(p, 'item.recoverDeleted') || p.userId === r.ownerId;
}

export function canDeleteFolder(p: Principal, r: Owned): boolean {
  return hasPermission(p, 'folder.delete') || p.userId === r.ownerId;
}

/**
 * Spec §6 item.editRestrictions: changing an item's or a folder's visible-to or updatable-by. Owners
 * keep what the spec's access rules give them (§5: the owner sets 'owner only' on their own things),
 * and administrators pass as they do in those rules. Which levels may then be chosen is
 * validateAccessChange's question.
 */
export function canEditRestrictions(p: Principal, r: Owned): boolean {
  return isAdmin(p) || hasPermission(p, 'item.editRestrictions') || p.userId === r.ownerId;
}
