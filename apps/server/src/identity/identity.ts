import { expandPermissions, type Principal, type Role, ROLES } from '@skald/domain';
import { parseStringList } from '../lib/json-list.ts';
import type { GroupRow, TenantRow, UserRow } from '../db/rows.ts';

/**
 * The user's columns an identity carries: what handlers read of their caller, never a secret
 * (password hash, TOTP secret and step). Password change and MFA read those through their service.
 */
export const IDENTITY_USER_COLUMNS = [
  'id',
  'tenant_id',
  'email',
  'name',
  'language',
  'permissions',
  'roles',
  'active',
  'hidden',
  'external',
  'mfa_enabled',
  'primary_group_id',
] as const satisfies readonly (keyof UserRow)[];

export type IdentityUser = Pick<UserRow, (typeof IDENTITY_USER_COLUMNS)[number]>;

/** Everything known about the caller of a request. */
export interface Identity {
  user: IdentityUser;
  tenant: TenantRow;
  groups: GroupRow[];
  principal: Principal;
}

export function parseRoles(json: string): Role[] {
  return parseStringList(json).filter((r): r is Role => (ROLES as readonly string[]).includes(r));
}

/**
 * A user's effective permissions are their own ∪ their groups', expanded by the domain's implications.
 * The user is copied column by column, so a whole row passed in leaves its secrets behind.
 */
export function buildIdentity(row: IdentityUser, tenant: TenantRow, groups: GroupRow[]): Identity {
  const user: IdentityUser = {
    id: row.id,
    tenant_id: row.tenant_id,
    email: row.email,
    name: row.name,
    language: row.language,
    permissions: row.permissions,
    roles: row.roles,
    active: row.active,
    hidden: row.hidden,
    external: row.external,
    mfa_enabled: row.mfa_enabled,
    primary_group_id: row.primary_group_id,
  };
  const own = parseStringList(user.permissions);
  const fromGroups = groups.flatMap((g) => parseStringList(g.permissions));
  const principal: Principal = {
    userId: user.id,
    tenantId: tenant.id,
    roles: parseRoles(user.roles),
    permissions: expandPermissions([...own, ...fromGroups]),
    groupIds: groups.map((g) => g.id),
    primaryGroupId: user.primary_group_id,
    organisationGroupId: tenant.organisation_group_id,
    isAdminTenant: tenant.is_admin_tenant === 1,
    external: user.external === 1,
  };
  return { user, tenant, groups, principal };
}

/** The tenant enforces MFA and this user has not enrolled; external users are never forced. */
export const mfaSetupRequired = (identity: Identity): boolean =>
  identity.tenant.mfa_enforced === 1 && identity.user.mfa_enabled === 0 && identity.user.external === 0;

/**
 * A super administrator of a tenant that exists only in memory, for provisioning a tenant's first
 * groups and users (the demo seed, test factories). Nothing of it is stored.
 */
export function provisioningIdentity(tenant: TenantRow, organisationGroup: GroupRow): Identity {
  const user: IdentityUser = {
    id: 'provisioning',
    tenant_id: tenant.id,
    email: 'provisioning@skald.invalid',
    name: 'Provisioning',
    permissions: '[]',
    roles: '["superAdmin"]',
    active: 1,
    hidden: 1,
    external: 0,
    language: null,
    mfa_enabled: 0,
    primary_group_id: null,
  };
  return buildIdentity(user, tenant, [organisationGroup]);
}
