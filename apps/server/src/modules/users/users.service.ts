import {
  changedEntries,
  mayGrantPermissions,
  mayGrantRoles,
  mayManageUser,
  MESSAGES,
  type Permission,
  type Role,
} from '@skald/domain';
import type { UserRow } from '../../db/rows.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { parseStringList } from '../../lib/json-list.ts';
import { newId } from '../../lib/ids.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { normalizeEmail } from '../../lib/text.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError, badField, forbidden, notFound } from '../../plugins/errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { GroupDirectory } from '../groups/group-directory.ts';
import { parseRoles, type Identity } from '../../identity/identity.ts';
import type { IdentityCaches } from '../../identity/identity-caches.ts';
import { presentUser, type UserDto } from './users.presenter.ts';
import type { UserPatch } from './user-directory.ts';
import type { NewUserRow, UsersRepository } from './users.repository.ts';

export interface NewUserInput {
  email: string;
  name: string;
  password?: string | undefined;
  groupIds?: string[] | undefined;
  permissions?: Permission[] | undefined;
  roles?: Role[] | undefined;
  invite?: boolean | undefined;
  external?: boolean | undefined;
}

export interface UserUpdateInput {
  name?: string | undefined;
  groupIds?: string[] | undefined;
  permissions?: Permission[] | undefined;
  roles?: Role[] | undefined;
  active?: boolean | undefined;
  hidden?: boolean | undefined;
}

export interface UsersServiceDeps {
  users: UsersRepository;
  groups: Pick<GroupDirectory, 'byIds' | 'groupsOfUsers' | 'setUserGroups'>;
  identityCaches: Pick<IdentityCaches, 'userChanged'>;
  auth: Pick<AuthService, 'endSessions' | 'sendSignInLink'>;
}

/** User administration inside the caller's tenant; another tenant's user is simply not found. */
export class UsersService {
  readonly #d: UsersServiceDeps;
  constructor(deps: UsersServiceDeps) {
    this.#d = deps;
  }

  /**
   * Colleagues by name, for everyone signed in (the owner filter of the search screen): the
   * tenant's active users that are not hidden, with nothing but id and name.
   */
  async directory(
    caller: Identity,
    q: Paging & { search?: string | undefined },
  ): Promise<Page<{ id: string; name: string }>> {
    const page = await this.#d.users.list(caller.tenant.id, { ...q, includeHidden: false, activeOnly: true });
    return { ...page, items: page.items.map((u) => ({ id: u.id, name: u.name })) };
  }

  async list(
    caller: Identity,
    q: Paging & { search?: string | undefined; includeHidden: boolean },
  ): Promise<Page<UserDto>> {
    const page = await this.#d.users.list(caller.tenant.id, q);
    const groups = await this.#d.groups.groupsOfUsers(
      caller.tenant.id,
      page.items.map((u) => u.id),
    );
    return { ...page, items: page.items.map((u) => presentUser(u, caller.tenant, groups.get(u.id) ?? [])) };
  }

  async get(caller: Identity, userId: string): Promise<UserDto> {
    return this.#present(caller, await this.#find(caller, userId));
  }

  async create(caller: Identity, input: NewUserInput): Promise<UserDto> {
    const tenantId = caller.tenant.id;
    const email = normalizeEmail(input.email);
    if (await this.#d.users.byEmail(tenantId, email)) throw emailTaken();
    this.#assertMayGrant(caller, input.roles ?? [], input.permissions ?? []);
    const groupIds = await this.#checkedGroupIds(caller, [], input.groupIds ?? []);
    const now = nowIso();
    const draft: NewUserRow = {
      id: newId(),
      tenant_id: tenantId,
      email: input.email.trim(),
      email_normalized: email,
      name: input.name,
      password_hash: input.password ? await hashPassword(input.password) : null,
      permissions: JSON.stringify(input.permissions ?? []),
      roles: JSON.stringify(input.roles ?? []),
      active: 1,
      hidden: 0,
      external: input.external ? 1 : 0,
      language: null,
      mfa_secret: null,
      mfa_enabled: 0,
      mfa_last_step: null,
      primary_group_id:
        groupIds.find((g) => g !== caller.tenant.organisation_group_id) ??
        caller.tenant.organisation_group_id,
      created_at: now,
      updated_at: now,
      last_sign_in_at: null,
    };
    const user = await this.#d.users.insert(draft).catch((err: unknown) => {
      // Two creations can both pass the check above; the unique index decides.
      throw isUniqueViolation(err) ? emailTaken() : err;
    });
    // Every user of a tenant belongs to its organisation group (the "no restriction" audience).
    await this.#d.groups.setUserGroups(tenantId, user.id, withOrganisation(caller, groupIds));
    if (input.invite) await this.#d.auth.sendSignInLink(caller.tenant, user);
    return this.#present(caller, user);
  }

  async update(caller: Identity, userId: string, input: UserUpdateInput): Promise<UserDto> {
    const user = await this.#findManaged(caller, userId);
    if (userId === caller.user.id && input.active === false)
      throw badField('active', 'You cannot deactivate yourself');
    this.#assertMayGrant(
      caller,
      input.roles ? changedEntries(parseRoles(user.roles), input.roles) : [],
      input.permissions
        ? changedEntries(parseStringList(user.permissions) as Permission[], input.permissions)
        : [],
    );
    const patch: UserPatch = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.permissions) patch.permissions = JSON.stringify(input.permissions);
    if (input.roles) patch.roles = JSON.stringify(input.roles);
    if (input.active !== undefined) patch.active = input.active ? 1 : 0;
    if (input.hidden !== undefined) patch.hidden = input.hidden ? 1 : 0;
    if (input.groupIds) {
      const current = (await this.#d.groups.groupsOfUsers(caller.tenant.id, [userId])).get(userId) ?? [];
      const groupIds = await this.#checkedGroupIds(
        caller,
        current.map((g) => g.id),
        input.groupIds,
      );
      await this.#d.groups.setUserGroups(caller.tenant.id, userId, withOrganisation(caller, groupIds));
      patch.primary_group_id =
        groupIds.find((g) => g !== caller.tenant.organisation_group_id) ??
        caller.tenant.organisation_group_id;
    }
    await this.#d.users.update(caller.tenant.id, userId, patch);
    // Ending the sessions evicts the user's cached identities as well.
    if (input.active === false) await this.#d.auth.endSessions(caller.tenant.id, userId);
    else this.#d.identityCaches.userChanged(userId);
    return this.get(caller, user.id);
  }

  async delete(caller: Identity, userId: string): Promise<void> {
    const user = await this.#findManaged(caller, userId);
    if (user.external === 1) throw forbidden(MESSAGES.externalUserProtected);
    if (userId === caller.user.id) throw badField('id', 'You cannot delete yourself');
    await this.#d.auth.endSessions(caller.tenant.id, userId);
    await this.#d.users.delete(caller.tenant.id, userId);
    // Again after the delete: an API key may have been evaluated between the two.
    this.#d.identityCaches.userChanged(userId);
  }

  async logout(caller: Identity, userId: string): Promise<void> {
    const user = await this.#findManaged(caller, userId);
    if (user.external === 1) throw forbidden(MESSAGES.externalUserProtected);
    await this.#d.auth.endSessions(caller.tenant.id, userId);
  }

  async invite(caller: Identity, userId: string): Promise<void> {
    const user = await this.#findManaged(caller, userId);
    if (user.active !== 1) throw badField('id', 'The user is deactivated');
    await this.#d.auth.sendSignInLink(caller.tenant, user);
  }

  async #find(caller: Identity, userId: string): Promise<UserRow> {
    const user = await this.#d.users.byId(caller.tenant.id, userId);
    if (!user) throw notFound('User not found');
    return user;
  }

  /** A user the caller may administer: never one with more administrative rights than theirs. */
  async #findManaged(caller: Identity, userId: string): Promise<UserRow> {
    const user = await this.#find(caller, userId);
    if (!mayManageUser(caller.principal, { roles: parseRoles(user.roles) })) {
      throw forbidden('You cannot manage a user with more administrative rights than yours');
    }
    return user;
  }

  async #present(caller: Identity, user: UserRow): Promise<UserDto> {
    const groups = await this.#d.groups.groupsOfUsers(caller.tenant.id, [user.id]);
    return presentUser(user, caller.tenant, groups.get(user.id) ?? []);
  }

  /** Checks the groups exist in the tenant and that the caller may hand out (or take away) what they grant. */
  async #checkedGroupIds(caller: Identity, before: readonly string[], after: string[]): Promise<string[]> {
    const unique = [...new Set(after)];
    const found = await this.#d.groups.byIds(caller.tenant.id, unique);
    if (found.length !== unique.length) throw badField('groupIds', 'Unknown group');
    const changed = await this.#d.groups.byIds(caller.tenant.id, changedEntries(before, unique));
    this.#assertMayGrant(
      caller,
      [],
      changed.flatMap((g) => parseStringList(g.permissions) as Permission[]),
    );
    return unique;
  }

  #assertMayGrant(caller: Identity, roles: readonly Role[], permissions: readonly Permission[]): void {
    if (!mayGrantRoles(caller.principal, roles)) {
      throw forbidden(
        roles.includes('superAdmin')
          ? 'Only super administrators can grant the super administrator role'
          : 'Only administrators can change roles',
      );
    }
    if (!mayGrantPermissions(caller.principal, permissions)) {
      throw forbidden('Only super administrators can grant or revoke permissions across tenants');
    }
  }
}

const emailTaken = () =>
  new AppError('conflict', 'A user with this e-mail already exists', [
    { field: 'email', message: 'already exists' },
  ]);

const withOrganisation = (caller: Identity, groupIds: string[]): string[] => [
  ...new Set([caller.tenant.organisation_group_id, ...groupIds]),
];
