import { MESSAGES } from '../messages.ts';
import { hasPermission, isAdmin, type Principal } from '../permissions/roles.ts';
import { parseAccess } from './parse.ts';
import type { Access, AccessKind, AccessLevel, AccessResult } from './types.ts';

/** Who may set a level: null when allowed, else the spec's refusal. */
type LevelRule = (p: Principal, r: { ownerId: string }, access: Access) => string | null;

const mayChooseLevel: Readonly<Record<AccessLevel, LevelRule>> = {
  tenant: () => null,
  owner: (p, r) => {
    const ownerMayRestrict = p.userId === r.ownerId && hasPermission(p, 'general.setVisibleToSelf');
    return ownerMayRestrict || isAdmin(p) ? null : MESSAGES.ownerOnlyAccess;
  },
  selected_groups: (p, _r, { groups }) => {
    // Spec §5: the one exception is picking exactly the user's own primary group.
    const onlyOwnPrimaryGroup = groups.length === 1 && groups[0] === p.primaryGroupId;
    const mayRestrict = hasPermission(p, 'general.setVisibleToGroups') || isAdmin(p);
    return mayRestrict || onlyOwnPrimaryGroup ? null : MESSAGES.restrictToGroups;
  },
};

/**
 * Spec §5 "Access": who may set which level. Parses first, so a malformed value is reported as
 * such whoever sends it. Clearing a restriction (null) and opening to the tenant are always allowed.
 */
export function validateAccessChange(
  p: Principal,
  r: { ownerId: string },
  kind: AccessKind,
  value: unknown,
): AccessResult {
  const parsed = parseAccess(kind, value);
  if (!parsed.ok || parsed.access === null) return parsed;
  const refusal = mayChooseLevel[parsed.access.level](p, r, parsed.access);
  return refusal === null ? parsed : { ok: false, message: refusal };
}
