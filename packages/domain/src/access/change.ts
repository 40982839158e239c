import { MESSAGES } from '../messages.ts';
import { canEditRestrictions } from '../permissions/abilities.ts';
import { hasPermission, isAdmin, type Principal } from '../permissions/roles.ts';
import { parseAccess } from './parse.ts';
import type { Access, AccessKind, AccessLevel, AccessResult, Guarded } from './types.ts';

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

/** The same list: level and groups, in any order (both are parsed, so groups are unique). */
export function sameAccess(a: Access | null, b: Access | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.level === b.level && a.groups.length === b.groups.length && a.groups.every((g) => b.groups.includes(g))
  );
}

/**
 * Spec §5 "Access" and §6 item.editRestrictions: whether the caller may set this list on `r` (an
 * item or folder as stored; a new one is owned by its creator and has no lists yet). Parses first,
 * so a malformed value is reported as such whoever sends it. Sending the list it already has changes
 * nothing and needs nothing, so a client may send back what it read. Any other value needs
 * canEditRestrictions, then the level's own rule; clearing a restriction (null) and opening to the
 * tenant need no more.
 */
export function validateAccessChange(
  p: Principal,
  r: Guarded,
  kind: AccessKind,
  value: unknown,
): AccessResult {
  const parsed = parseAccess(kind, value);
  if (!parsed.ok || sameAccess(parsed.access, r[kind])) return parsed;
  if (!canEditRestrictions(p, r)) return { ok: false, message: MESSAGES.noEditRestrictionsPermission };
  if (parsed.access === null) return parsed;
  const refusal = mayChooseLevel[parsed.access.level](p, r, parsed.access);
  return refusal === null ? parsed : { ok: false, message: refusal };
}
