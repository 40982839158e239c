import { hasPermission, isTenantAdmin, type Permission, type Principal } from '@skald/domain';

/**
 * What every route declares (rule 1 of the house): who may call it. The server refuses to boot
 * when a route under /api declares nothing.
 */
export type RouteAccess =
  'public' | 'authenticated' | 'tenantAdmin' | { permission: Permission; message?: string };

export function isAllowed(access: Exclude<RouteAccess, 'public'>, principal: Principal): boolean {
  if (access === 'authenticated') return true;
  if (access === 'tenantAdmin') return isTenantAdmin(principal);
  return hasPermission(principal, access.permission);
}

export const forbiddenMessage = (access: Exclude<RouteAccess, 'public'>): string =>
  typeof access === 'object' && access.message ? access.message : 'You do not have permission to do this';
