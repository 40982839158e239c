import { ROLES, type Principal, type Role } from '@skald/domain';
import type { Me } from './types.ts';

function isRole(value: string): value is Role {
  return ROLES.some((role) => role === value);
}

/**
 * The signed-in user as the domain's rules see them, so the web asks the same predicates the server
 * does (canUpload, canDeleteItem…). `/me` already answers the effective permissions; the organisation
 * and primary group are not part of it, so rules that need them are the server's to answer.
 */
export function principalOf(me: Me): Principal {
  return {
    userId: me.user.id,
    tenantId: me.tenant.id,
    roles: me.user.roles.filter(isRole),
    permissions: new Set(me.permissions),
    groupIds: me.user.groups.map((group) => group.id),
    primaryGroupId: null,
    organisationGroupId: '',
    isAdminTenant: false,
    external: me.user.external,
  };
}
