import { ROLES } from '@skald/domain';
import { z } from 'zod';
import type { GroupRow, TenantRow, UserRow } from '../../db/rows.ts';
import { parsePermissionList, permissionSchema } from '../../lib/permission-schema.ts';
import { buildIdentity, parseRoles } from '../../identity/identity.ts';
import { effectivePermissions } from '@skald/domain';

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    groups: z.array(z.object({ id: z.string(), name: z.string() })),
    permissions: z.array(permissionSchema),
    effectivePermissions: z.array(permissionSchema),
    roles: z.array(z.enum(ROLES)),
    active: z.boolean(),
    hidden: z.boolean(),
    external: z.boolean(),
    mfaEnabled: z.boolean(),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
  })
  .meta({ id: 'User' });

export type UserDto = z.infer<typeof userSchema>;

export function presentUser(user: UserRow, tenant: TenantRow, groups: GroupRow[]): UserDto {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    groups: groups.map((g) => ({ id: g.id, name: g.name })),
    permissions: parsePermissionList(user.permissions),
    effectivePermissions: effectivePermissions(buildIdentity(user, tenant, groups).principal),
    roles: parseRoles(user.roles),
    active: user.active === 1,
    hidden: user.hidden === 1,
    external: user.external === 1,
    mfaEnabled: user.mfa_enabled === 1,
    createdAt: user.created_at,
    lastSignInAt: user.last_sign_in_at,
  };
}
