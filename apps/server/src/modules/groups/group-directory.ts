import type { GroupRow } from '../../db/rows.ts';

/**
 * The groups of a tenant as other modules reach them: access lists, bookmark audiences, a user's
 * memberships. The groups repository implements it; a module names the part it needs and the
 * composition root passes the repository.
 */
export interface GroupDirectory {
  byId(tenantId: string, groupId: string): Promise<GroupRow | undefined>;
  byIds(tenantId: string, groupIds: readonly string[]): Promise<GroupRow[]>;
  /** Groups of each user, for presenting lists without one query per user. */
  groupsOfUsers(tenantId: string, userIds: readonly string[]): Promise<Map<string, GroupRow[]>>;
  setUserGroups(tenantId: string, userId: string, groupIds: readonly string[]): Promise<void>;
}
