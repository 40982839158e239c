import type { Permission } from '../permissions/catalogue.ts';
import { hasPermission, isAdmin, type Principal } from '../permissions/roles.ts';
import type { Access, AccessOutcome, Guarded } from './types.ts';

function check(
  p: Principal,
  ownerId: string,
  access: Access | null,
  ignoresLists: Permission,
): AccessOutcome {
  if (isAdmin(p) || p.userId === ownerId || hasPermission(p, ignoresLists)) return 'allowed';
  const level = access?.level ?? 'tenant';
  switch (level) {
    case 'tenant':
      return p.groupIds.includes(p.organisationGroupId) ? 'allowed' : 'groupMismatch';
    case 'owner':
      return 'ownerMismatch';
    case 'selected_groups': {
      const groups = access?.groups ?? [];
      return p.groupIds.some((g) => groups.includes(g)) ? 'allowed' : 'groupMismatch';
    }
  }
}

/**
 * Spec §6 visibility check. `general.tenantWideRead` is the spec's "tenant-wide read ignoring
 * access lists", so it passes like an admin.
 */
export function checkVisibility(p: Principal, r: Guarded): AccessOutcome {
  return check(p, r.ownerId, r.visibleTo, 'general.tenantWideRead');
}

/**
 * Spec §6 updatable-by check: like visibility, with no restriction meaning the organisation group
 * and the owner. `general.tenantWideWrite` ignores the lists. Whether the user may update items at
 * all (item.update) is a separate question: canUpdate.
 */
export function checkUpdatable(p: Principal, r: Guarded): AccessOutcome {
  return check(p, r.ownerId, r.updatableBy, 'general.tenantWideWrite');
}
