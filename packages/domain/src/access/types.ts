export type AccessLevel = 'tenant' | 'owner' | 'selected_groups';

export const ACCESS_LEVELS: readonly AccessLevel[] = Object.freeze(['tenant', 'owner', 'selected_groups']);

/** A visible-to or updatable-by list; `null` where one is expected means "no restriction". */
export interface Access {
  level: AccessLevel;
  groups: readonly string[];
}

export type AccessOutcome = 'allowed' | 'groupMismatch' | 'ownerMismatch';

/** Anything carrying access lists: items, folders. */
export interface Guarded {
  ownerId: string;
  visibleTo: Access | null;
  updatableBy: Access | null;
}

export type AccessKind = 'visibleTo' | 'updatableBy';

export type AccessResult = { ok: true; access: Access | null } | { ok: false; message: string };
