import { hasPermission, isTenantAdmin, type Permission, type Principal } from '@skald/domain';

/**
 * What every route declares (rule 1 of the house): who may call it. The server refuses to boot
 * when a route under /api declares nothing.
 */
export type RouteAccess = 'public' | ProtectedAccess;

type ProtectedAccess =
  | 'authenticated'
  | 'tenantAdmin'
  | { permission: Permission; message?: string }
  | { anyOf: readonly ProtectedAccess[] }
  | { allOf: readonly ProtectedAccess[] };

export function isAllowed(access: ProtectedAccess, principal: Principal): boolean {
  if (access === 'authenticated') return true;
  if (access === 'tenantAdmin') return isTenantAdmin(principal);
  if ('anyOf' in access) return access.anyOf.some((a) => isAllowed(a, principal));
  if ('allOf' in access) return access.allOf.every((a) => isAllowed(a, principal));
  return hasPermission(principal, access.permission);
}

export const forbiddenMessage = (access: ProtectedAccess): string =>
  typeof access === 'object' && 'message' in access && access.message
    ? access.message
    : 'You do not have permission to do this';
