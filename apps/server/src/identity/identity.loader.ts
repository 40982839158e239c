import type { GroupRow, TenantRow } from '../db/rows.ts';
import { buildIdentity, type Identity, type IdentityUser } from './identity.ts';

/** Where an identity's parts are read; the composition root passes the feature repositories. */
export interface IdentitySources {
  tenants: { byId(tenantId: string): Promise<TenantRow | undefined> };
  /** The user's IDENTITY_USER_COLUMNS only: the secrets stay in the database. */
  users: { identityUser(tenantId: string, userId: string): Promise<IdentityUser | undefined> };
  groups: { groupsOfUsers(tenantId: string, userIds: readonly string[]): Promise<Map<string, GroupRow[]>> };
}

export class IdentityLoader {
  readonly #sources: IdentitySources;

  constructor(sources: IdentitySources) {
    this.#sources = sources;
  }

  /** The identity of an active user, or undefined when the user is gone or deactivated. */
  async load(tenantId: string, userId: string): Promise<Identity | undefined> {
    const [tenant, user, groupMap] = await Promise.all([
      this.#sources.tenants.byId(tenantId),
      this.#sources.users.identityUser(tenantId, userId),
      this.#sources.groups.groupsOfUsers(tenantId, [userId]),
    ]);
    if (!tenant || !user || user.active !== 1) return undefined;
    return buildIdentity(user, tenant, groupMap.get(userId) ?? []);
  }
}
