import type { Permission } from '@skald/domain';
import { newId } from '../../lib/ids.ts';
import { parseStringList } from '../../lib/json-list.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError, badField, notFound } from '../../plugins/errors.ts';
import type { ApiKeyAuthenticator } from '../api-keys/api-key-authenticator.ts';
import type { Identity } from '../identity/identity.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { GroupRow, GroupsRepository } from './groups.repository.ts';

export interface GroupDto {
  id: string;
  name: string;
  permissions: string[];
  isOrganisation: boolean;
  memberCount: number;
}

const present = (g: GroupRow, memberCount: number): GroupDto => ({
  id: g.id,
  name: g.name,
  permissions: parseStringList(g.permissions),
  isOrganisation: g.is_organisation === 1,
  memberCount,
});

export class GroupsService {
  readonly #groups: GroupsRepository;
  readonly #users: UsersRepository;
  readonly #apiKeys: ApiKeyAuthenticator;

  constructor(groups: GroupsRepository, users: UsersRepository, apiKeys: ApiKeyAuthenticator) {
    this.#groups = groups;
    this.#users = users;
    this.#apiKeys = apiKeys;
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
    await this.#assertNameFree(caller, input.name);
    const group: GroupRow = {
      id: newId(),
      tenant_id: caller.tenant.id,
      name: input.name,
      permissions: JSON.stringify(input.permissions ?? []),
      is_organisation: 0,
      created_at: nowIso(),
    };
    await this.#groups.insert(group);
    return present(group, 0);
  }

  async update(
    caller: Identity,
    groupId: string,
    input: {
      name?: string | undefined;
      permissions?: Permission[] | undefined;
      memberIds?: string[] | undefined;
    },
  ): Promise<GroupDto> {
    const group = await this.#find(caller, groupId);
    if (input.name !== undefined && input.name !== group.name) await this.#assertNameFree(caller, input.name);
    if (input.memberIds) {
      if (group.is_organisation === 1)
        throw badField('memberIds', 'Everyone belongs to the organisation group');
      const ids = [...new Set(input.memberIds)];
      const found = await Promise.all(ids.map((id) => this.#users.byId(caller.tenant.id, id)));
      if (found.some((u) => !u)) throw badField('memberIds', 'Unknown user');
      await this.#groups.setGroupMembers(caller.tenant.id, groupId, ids);
    }
    await this.#groups.update(caller.tenant.id, groupId, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.permissions ? { permissions: JSON.stringify(input.permissions) } : {}),
    });
    this.#apiKeys.evictAll();
    return this.get(caller, groupId);
  }

  async delete(caller: Identity, groupId: string): Promise<void> {
    const group = await this.#find(caller, groupId);
    if (group.is_organisation === 1)
      throw new AppError('conflict', 'The organisation group cannot be deleted');
    await this.#groups.delete(caller.tenant.id, groupId);
    this.#apiKeys.evictAll();
  }

  async #find(caller: Identity, groupId: string): Promise<GroupRow> {
    const group = await this.#groups.byId(caller.tenant.id, groupId);
    if (!group) throw notFound('Group not found');
    return group;
  }

  async #assertNameFree(caller: Identity, name: string): Promise<void> {
    const page = await this.#groups.list(caller.tenant.id, { from: 0, itemsPerPage: 500, search: name });
    if (page.items.some((g) => g.name.toLowerCase() === name.toLowerCase())) {
      throw new AppError('conflict', 'A group with this name already exists', [
        { field: 'name', message: 'already exists' },
      ]);
    }
  }
}
