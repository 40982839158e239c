import { MESSAGES, validateAccessChange, type Access, type AccessKind, type Principal } from '@skald/domain';
import { AppError, badField, forbidden } from '../plugins/errors.ts';
import type { Identity } from '../identity/identity.ts';

const malformed: ReadonlySet<string> = new Set([MESSAGES.badVisibleTo, MESSAGES.badUpdatableBy]);

/**
 * Checks a requested visible-to or updatable-by value with the domain's §5 rules and that its
 * groups belong to the tenant. A malformed value is 400 naming the field; a level the caller may
 * not choose is 403 with the spec's message.
 */
export function checkedAccess(
  p: Principal,
  owner: { ownerId: string },
  kind: AccessKind,
  value: unknown,
  tenantGroupIds: ReadonlySet<string>,
): Access | null {
  const result = validateAccessChange(p, owner, kind, value);
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

/** The visible-to / updatable-by values present in a request, each checked by `checkedAccess`. */
export async function accessChanges(
  groups: TenantGroups,
  caller: Identity,
  owner: { ownerId: string },
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
    kinds.map((k) => [k, checkedAccess(caller.principal, owner, k, input[k], known)]),
  );
}
