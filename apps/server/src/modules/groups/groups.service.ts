import { changedEntries, mayGrantPermissions, type Permission } from '@skald/domain';
import type { GroupRow } from '../../db/rows.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { newId } from '../../lib/ids.ts';
import { parseStringList } from '../../lib/json-list.ts';
import { parsePermissionList } from '../../lib/permission-schema.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError, badField, forbidden, notFound } from '../../plugins/errors.ts';
import type { Identity } from '../../identity/identity.ts';
import type { IdentityCaches } from '../../identity/identity-caches.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import type { GroupsRepository, NewGroupRow } from './groups.repository.ts';

export interface GroupDto {
  id: string;
  name: string;
  permissions: Permission[];
  isOrganisation: boolean;
  memberCount: number;
}

export interface GroupUpdate {
  name?: string | undefined;
  permissions?: Permission[] | undefined;
  memberIds?: string[] | undefined;
}

const present = (g: GroupRow | NewGroupRow, memberCount: number): GroupDto => ({
  id: g.id,
  name: g.name,
  permissions: parsePermissionList(g.permissions),
  isOrganisation: g.is_organisation === 1,
  memberCount,
});

const nameTaken = () =>
  new AppError('conflict', 'A group with this name already exists', [
    { field: 'name', message: 'already exists' },
  ]);

export class GroupsService {
  readonly #groups: GroupsRepository;
  readonly #users: Pick<UserDirectory, 'byId'>;
  readonly #identityCaches: Pick<IdentityCaches, 'tenantChanged'>;

  constructor(
    groups: GroupsRepository,
    users: Pick<UserDirectory, 'byId'>,
    identityCaches: Pick<IdentityCaches, 'tenantChanged'>,
  ) {
    this.#groups = groups;
    this.#users = users;
    this.#identityCaches = identityCaches;
  }

  async list(caller: Identity, q: Paging & { search?: string | undefined }): Promise<Page<GroupDto>> {
    const page = await this.#groups.list(caller.tenant.id, q);
    return { ...page, items: page.items.map((g) => present(g, g.member_count)) };
  }

  async get(caller: Identity, groupId: string): Promise<GroupDto> {
    const group = await this.#find(caller, groupId);
    return present(group, await this.#groups.memberCount(caller.tenant.id, groupId));
  }

  async create(
    caller: Identity,
    input: { name: string; permissions?: Permission[] | undefined },
  ): Promise<GroupDto> {
    this.#assertMayGrant(caller, input.permissions ?? []);
    if (await this.#groups.byName(caller.tenant.id, input.name)) throw nameTaken();
    const group: NewGroupRow = {
      id: newId(),
      tenant_id: caller.tenant.id,
      name: input.name,
      permissions: JSON.stringify(input.permissions ?? []),
      is_organisation: 0,
      created_at: nowIso(),
    };
    await this.#groups.insert(group).catch(rethrowNameTaken);
    return present(group, 0);
  }

  async update(caller: Identity, groupId: string, input: GroupUpdate): Promise<GroupDto> {
    const group = await this.#find(caller, groupId);
    if (input.name !== undefined) {
      const holder = await this.#groups.byName(caller.tenant.id, input.name);
      if (holder && holder.id !== groupId) throw nameTaken();
    }
    if (input.permissions) {
      this.#assertMayGrant(
        caller,
        changedEntries(parseStringList(group.permissions) as Permission[], input.permissions),
      );
    }
    const memberIds = input.memberIds && (await this.#checkedMembers(caller, group, input.memberIds));
    await this.#groups
      .update(caller.tenant.id, groupId, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.permissions ? { permissions: JSON.stringify(input.permissions) } : {}),
      })
      .catch(rethrowNameTaken);
    if (memberIds) await this.#groups.setGroupMembers(caller.tenant.id, groupId, memberIds);
    // Members come and go and the group's permissions reach them all: every identity of the tenant goes.
    this.#identityCaches.tenantChanged(caller.tenant.id);
    return this.get(caller, groupId);
  }

  async delete(caller: Identity, groupId: string): Promise<void> {
    const group = await this.#find(caller, groupId);
    if (group.is_organisation === 1)
      throw new AppError('conflict', 'The organisation group cannot be deleted');
    this.#assertMayGrant(caller, parseStringList(group.permissions) as Permission[]);
    await this.#groups.delete(caller.tenant.id, groupId);
    this.#identityCaches.tenantChanged(caller.tenant.id);
  }

  async #find(caller: Identity, groupId: string): Promise<GroupRow> {
    const group = await this.#groups.byId(caller.tenant.id, groupId);
    if (!group) throw notFound('Group not found');
    return group;
  }

  async #checkedMembers(caller: Identity, group: GroupRow, memberIds: string[]): Promise<string[]> {
    if (group.is_organisation === 1)
      throw badField('memberIds', 'Everyone belongs to the organisation group');
    // Membership hands out the group's permissions, so it needs the same right as granting them.
    this.#assertMayGrant(caller, parseStringList(group.permissions) as Permission[]);
    const ids = [...new Set(memberIds)];
    const found = await Promise.all(ids.map((id) => this.#users.byId(caller.tenant.id, id)));
    if (found.some((u) => !u)) throw badField('memberIds', 'Unknown user');
    return ids;
  }

  #assertMayGrant(caller: Identity, changed: readonly Permission[]): void {
    if (!mayGrantPermissions(caller.principal, changed)) {
      throw forbidden('Only super administrators can grant or revoke permissions across tenants');
    }
  }
}

/** Two requests can both pass the name check; the unique index decides, and the loser hears 409. */
function rethrowNameTaken(err: unknown): never {
  throw isUniqueViolation(err) ? nameTaken() : err;
}
