import {
  effectivePermissions,
  isAdmin,
  isSpecialAdmin,
  isSuperAdmin,
  isSupport,
  isTenantAdmin,
  ROLES,
  type Principal,
} from '@skald/domain';
import { z } from 'zod';
import { parseStringList } from '../../lib/json-list.ts';
import { parsePermissionList, permissionSchema } from '../../lib/permission-schema.ts';
import { mfaSetupRequired, parseRoles, type Identity } from '../../identity/identity.ts';

export const groupRefSchema = z.object({ id: z.string(), name: z.string() });

export const meSchema = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      language: z.string().nullable(),
      groups: z.array(groupRefSchema),
      permissions: z.array(permissionSchema),
      roles: z.array(z.enum(ROLES)),
      active: z.boolean(),
      hidden: z.boolean(),
      external: z.boolean(),
      mfaEnabled: z.boolean(),
    }),
    tenant: z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      timezone: z.string(),
      mfaEnforced: z.boolean(),
      forbiddenExtensions: z.array(z.string()),
    }),
    permissions: z.array(permissionSchema),
    roles: z.object({
      superAdmin: z.boolean(),
      admin: z.boolean(),
      tenantAdmin: z.boolean(),
      support: z.boolean(),
      specialAdmin: z.boolean(),
    }),
    mfaSetupRequired: z.boolean(),
  })
  .meta({ id: 'Me' });

export type Me = z.infer<typeof meSchema>;

// An identity is immutable once built, and API-key identities are cached for minutes, so the
// answer (whose permission expansion is the costly part) is computed once per identity. The
// principal is the key because request contexts copy the identity but share its principal.
const presented = new WeakMap<Principal, Me>();

export function presentMe(identity: Identity): Me {
  let me = presented.get(identity.principal);
  if (!me) {
    me = buildMe(identity);
    presented.set(identity.principal, me);
  }
  return me;
}

function buildMe(identity: Identity): Me {
  const { user, tenant, groups, principal } = identity;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      language: user.language,
      groups: groups.map((g) => ({ id: g.id, name: g.name })),
      permissions: parsePermissionList(user.permissions),
      roles: parseRoles(user.roles),
      active: user.active === 1,
      hidden: user.hidden === 1,
      external: user.external === 1,
      mfaEnabled: user.mfa_enabled === 1,
    },
    tenant: {
      id: tenant.id,
      name: tenant.name,
      slug: tenant.slug,
      timezone: tenant.timezone,
      mfaEnforced: tenant.mfa_enforced === 1,
      forbiddenExtensions: parseStringList(tenant.forbidden_extensions),
    },
    permissions: effectivePermissions(principal),
    roles: {
      superAdmin: isSuperAdmin(principal),
      admin: isAdmin(principal),
      tenantAdmin: isTenantAdmin(principal),
      support: isSupport(principal),
      specialAdmin: isSpecialAdmin(principal),
    },
    mfaSetupRequired: mfaSetupRequired(identity),
  };
}
