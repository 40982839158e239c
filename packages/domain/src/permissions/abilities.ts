import { hasPermission, isAdmin, type Principal } from './roles.ts';

interface Owned {
  ownerId: string;
}

export function canUpload(p: Principal): boolean {
  return hasPermission(p, 'item.create') && hasPermission(p, 'item.upload');
}

export function canUpdate(p: Principal): boolean {
  return hasPermission(p, 'item.update');
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
