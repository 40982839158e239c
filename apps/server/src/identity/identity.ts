import { expandPermissions, type Principal, type Role, ROLES } from '@skald/domain';
import { parseStringList } from '../lib/json-list.ts';
import type { GroupRow, TenantRow, UserRow } from '../db/rows.ts';

/** Everything known about the caller of a request. */
export interface Identity {
  user: UserRow;
  tenant: TenantRow;
  groups: GroupRow[];
  principal: Principal;
}

export function parseRoles(json: string): Role[] {
  return parseStringList(json).filter((r): r is Role => (ROLES as readonly string[]).includes(r));
}

/** A user's effective permissions are their own ∪ their groups', expanded by the domain's implications. */
export function buildIdentity(user: UserRow, tenant: TenantRow, groups: GroupRow[]): Identity {
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
  const user: UserRow = {
    id: 'provisioning',
    tenant_id: tenant.id,
    email: 'provisioning@skald.invalid',
    email_normalized: 'provisioning@skald.invalid',
    name: 'Provisioning',
    name_folded: 'provisioning',
    password_hash: null,
    permissions: '[]',
    roles: '["superAdmin"]',
    active: 1,
    hidden: 1,
    external: 0,
    language: null,
    mfa_secret: null,
    mfa_enabled: 0,
    mfa_last_step: null,
    primary_group_id: null,
    created_at: tenant.created_at,
    updated_at: tenant.created_at,
    last_sign_in_at: null,
  };
  return buildIdentity(user, tenant, [organisationGroup]);
}
