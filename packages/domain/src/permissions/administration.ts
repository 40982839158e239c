import { permissionGroupOf, type Permission, type PermissionGroup } from './catalogue.ts';
import { isAdmin, isSuperAdmin, isTenantAdmin, type Principal, type Role } from './roles.ts';

/** Permissions that reach across tenants: only a super admin grants or revokes them. */
export const SUPER_ADMIN_ONLY_GROUPS: readonly PermissionGroup[] = Object.freeze(['allTenants']);

/**
 * How much administrative power a user holds: a tenant administrator may manage users of the
 * same rank or below, never above (an admin by tenantInfo cannot deactivate an admin).
 */
export function adminRank(roles: readonly Role[]): number {
  if (roles.includes('superAdmin')) return 3;
  if (roles.includes('admin')) return 2;
  return 1;
}

/** May the caller administer (edit, deactivate, log out, delete, invite) a user with these roles? */
export function mayManageUser(p: Principal, target: { roles: readonly Role[] }): boolean {
  return isTenantAdmin(p) && adminRank(p.roles) >= adminRank(target.roles);
}

/** May the caller add or remove these permissions on a user or group? */
export function mayGrantPermissions(p: Principal, changed: readonly Permission[]): boolean {
  if (!isTenantAdmin(p)) return false;
  return (
    isSuperAdmin(p) || changed.every((perm) => !SUPER_ADMIN_ONLY_GROUPS.includes(permissionGroupOf(perm)))
  );
}

/** May the caller add or remove these roles? Admins grant admin and support; only a super admin grants super admin. */
export function mayGrantRoles(p: Principal, changed: readonly Role[]): boolean {
  if (changed.length === 0) return true;
  if (!isAdmin(p)) return false;
  return isSuperAdmin(p) || !changed.includes('superAdmin');
}

/** What differs between two lists, in either direction: what a change grants or revokes. */
export function changedEntries<T>(before: readonly T[], after: readonly T[]): T[] {
  return [...after.filter((x) => !before.includes(x)), ...before.filter((x) => !after.includes(x))];
}
