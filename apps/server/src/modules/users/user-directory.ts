import type { UserRow } from '../../db/rows.ts';

export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'permissions'
    | 'roles'
    | 'active'
    | 'hidden'
    | 'language'
    | 'password_hash'
    | 'mfa_secret'
    | 'mfa_enabled'
    | 'primary_group_id'
    | 'last_sign_in_at'
  >
>;

/**
 * The users of a tenant as other modules reach them: sign-in, MFA, the names on answers, the
 * search's `owner:`. The users repository implements it; a module names the part it needs
 * (`Pick<UserDirectory, 'names'>`) and the composition root passes the repository.
 */
export interface UserDirectory {
  byId(tenantId: string, userId: string): Promise<UserRow | undefined>;
  byEmail(tenantId: string, emailNormalized: string): Promise<UserRow | undefined>;
  /** id → name of the given users of the tenant (for the "who" of items, versions, history). */
  names(tenantId: string, userIds: readonly string[]): Promise<Map<string, string>>;
  /** The ids of the users a search's `owner:` / `createdBy:` value names. */
  idsNamedBy(tenantId: string, value: string): Promise<string[]>;
  /** The active users whose folded name is one of these (for @mentions). */
  activeByFoldedNames(
    tenantId: string,
    names: readonly string[],
  ): Promise<{ id: string; name_folded: string }[]>;
  update(tenantId: string, userId: string, patch: UserPatch): Promise<void>;
  /** Accepts a TOTP time step once: false when it (or a later one) was used already. */
  claimTotpStep(tenantId: string, userId: string, step: number): Promise<boolean>;
}
