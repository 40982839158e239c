import {
  MESSAGES,
  validateAccessChange,
  type Access,
  type AccessKind,
  type Guarded,
  type Principal,
} from '@skald/domain';
import { AppError, badField, forbidden } from '../plugins/errors.ts';
import type { Identity } from '../identity/identity.ts';

const malformed: ReadonlySet<string> = new Set([MESSAGES.badVisibleTo, MESSAGES.badUpdatableBy]);

/**
 * Checks a requested visible-to or updatable-by value with the domain's rules (§5 levels, §6
 * item.editRestrictions against the subject's current lists) and that its groups belong to the
 * tenant. A malformed value is 400 naming the field; a change the caller may not make is 403 with
 * the domain's message.
 */
export function checkedAccess(
  p: Principal,
  subject: Guarded,
  kind: AccessKind,
  value: unknown,
  tenantGroupIds: ReadonlySet<string>,
): Access | null {
  const result = validateAccessChange(p, subject, kind, value);
  if (!result.ok) {
    throw malformed.has(result.message) ? badField(kind, result.message) : forbidden(result.message);
  }
  const unknownGroup = result.access?.groups.find((g) => !tenantGroupIds.has(g));
  if (unknownGroup !== undefined) {
    throw new AppError(
      'bad_request',
      kind === 'visibleTo' ? MESSAGES.badVisibleTo : MESSAGES.badUpdatableBy,
      [{ field: kind, message: `unknown group ${unknownGroup}` }],
    );
  }
  return result.access;
}

export type AccessChanges = Partial<Record<AccessKind, Access | null>>;

/** Which of these ids are groups of the tenant (the groups repository, passed in by the caller). */
export interface TenantGroups {
  byIds(tenantId: string, ids: readonly string[]): Promise<{ id: string }[]>;
}

/**
 * The visible-to / updatable-by values present in a request, each checked by `checkedAccess`
 * against `subject`: the stored item or folder, or for a new one `newSubject(caller)`.
 */
export async function accessChanges(
  groups: TenantGroups,
  caller: Identity,
  subject: Guarded,
  input: { visibleTo?: unknown; updatableBy?: unknown },
): Promise<AccessChanges> {
  const kinds = (['visibleTo', 'updatableBy'] as const).filter((k) => input[k] !== undefined);
  if (kinds.length === 0) return {};
  const requested = kinds.flatMap((k) => {
    const value = input[k] as { groups?: unknown } | null;
    return Array.isArray(value?.groups) ? value.groups.filter((g): g is string => typeof g === 'string') : [];
  });
  const known = new Set((await groups.byIds(caller.tenant.id, requested)).map((g) => g.id));
  return Object.fromEntries(
    kinds.map((k) => [k, checkedAccess(caller.principal, subject, k, input[k], known)]),
  );
}

/** What a new item or folder is before its lists are set: its creator's, with no restriction. */
export const newSubject = (caller: Identity): Guarded => ({
  ownerId: caller.user.id,
  visibleTo: null,
  updatableBy: null,
});
