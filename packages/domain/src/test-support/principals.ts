import type { Permission } from '../permissions/catalogue.ts';
import { expandPermissions } from '../permissions/implications.ts';
import type { Principal, Role } from '../permissions/roles.ts';

export const ORG = 'group-organisation';
export const USER = 'user-me';
export const OTHER = 'user-other';

interface PrincipalOverrides extends Partial<Omit<Principal, 'permissions'>> {
  /** Granted permissions, expanded the way the server expands them. */
  permissions?: readonly Permission[];
}

/** A plain member of the organisation group with no permissions, unless told otherwise. */
export function makePrincipal(overrides: PrincipalOverrides = {}): Principal {
  const { permissions = [], ...rest } = overrides;
  return {
    userId: USER,
    tenantId: 'tenant-a',
    roles: [],
    groupIds: [ORG],
    primaryGroupId: null,
    organisationGroupId: ORG,
    isAdminTenant: false,
    external: false,
    ...rest,
    permissions: expandPermissions(permissions),
  };
}

export function withRoles(...roles: Role[]): Principal {
  return makePrincipal({ roles });
}
