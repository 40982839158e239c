import type { GroupsRepository } from '../groups/groups.repository.ts';
import type { TenantsRepository } from '../tenants/tenants.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { buildIdentity, type Identity } from './identity.ts';

export class IdentityLoader {
  readonly #tenants: TenantsRepository;
  readonly #users: UsersRepository;
  readonly #groups: GroupsRepository;

  constructor(tenants: TenantsRepository, users: UsersRepository, groups: GroupsRepository) {
    this.#tenants = tenants;
    this.#users = users;
    this.#groups = groups;
  }

  /** The identity of an active user, or undefined when the user is gone or deactivated. */
  async load(tenantId: string, userId: string): Promise<Identity | undefined> {
    const [tenant, user, groupMap] = await Promise.all([
      this.#tenants.byId(tenantId),
      this.#users.byId(tenantId, userId),
      this.#groups.groupsOfUsers(tenantId, [userId]),
    ]);
    if (!tenant || !user || user.active !== 1) return undefined;
    return buildIdentity(user, tenant, groupMap.get(userId) ?? []);
  }
}
