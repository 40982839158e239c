import { ALL_PERMISSIONS, type Permission } from './catalogue.ts';
import { expandPermissions } from './implications.ts';

export type Role = 'superAdmin' | 'admin' | 'support';

export const ROLES: readonly Role[] = Object.freeze(['superAdmin', 'admin', 'support']);

/** The signed-in user as every rule sees it; the server builds it once per request. */
export interface Principal {
  userId: string;
  tenantId: string;
  roles: readonly Role[];
  /** Own ∪ groups' permissions, already expanded by expandPermissions. */
  permissions: ReadonlySet<Permission>;
  groupIds: readonly string[];
  primaryGroupId: string | null;
  organisationGroupId: string;
  isAdminTenant: boolean;
  external: boolean;
}

/** Spec §6: admins also have reprocess, change owner and the activity download, processor and upload tabs. */
export const ADMIN_GRANTS: readonly Permission[] = Object.freeze([
  'item.reprocess',
  'item.changeOwner',
  'systemActivity.download',
  'systemActivity.processor',
  'systemActivity.upload',
]);

// Expanded once so that a grant which later gains implications brings them to admins too.
const adminGrants: ReadonlySet<Permission> = expandPermissions(ADMIN_GRANTS);

export function isSuperAdmin(p: Principal): boolean {
  return p.roles.includes('superAdmin');
}

export function isAdmin(p: Principal): boolean {
  return isSuperAdmin(p) || p.roles.includes('admin');
}

export function hasPermission(p: Principal, perm: Permission): boolean {
  if (isSuperAdmin(p)) return true;
  if (p.permissions.has(perm)) return true;
  return isAdmin(p) && adminGrants.has(perm);
}

/** Spec §6: "Tenant admin status also follows from tenantInfo." */
export function isTenantAdmin(p: Principal): boolean {
  return isAdmin(p) || hasPermission(p, 'userManagement.tenantInfo');
}

export function isSupport(p: Principal): boolean {
  return p.roles.includes('support') || hasPermission(p, 'userManagement.tenantSupport');
}

/** Spec §6: only a super admin on the admin tenant is a special admin, not one on any other tenant. */
export function isSpecialAdmin(p: Principal): boolean {
  return isSuperAdmin(p) && p.isAdminTenant;
}

/** Every permission that hasPermission passes, sorted; what /me reports. */
export function effectivePermissions(p: Principal): Permission[] {
  return ALL_PERMISSIONS.filter((perm) => hasPermission(p, perm)).sort();
}
