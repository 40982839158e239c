import { hasPermission, type Principal } from './roles.ts';

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
