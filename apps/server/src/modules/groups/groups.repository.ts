import { fold } from '@skald/domain';
import type { Db } from '../../db/database.ts';
import { contains } from '../../db/contains.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import type { GroupRow } from '../../db/rows.ts';
import type { GroupDirectory } from './group-directory.ts';

export type NewGroupRow = Omit<GroupRow, 'name_folded'>;
export type GroupWithCount = GroupRow & { member_count: number };

export class GroupsRepository implements GroupDirectory {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: NewGroupRow): Promise<void> {
    await this.#db
      .insertInto('groups')
      .values({ ...row, name_folded: fold(row.name) })
      .execute();
  }

  /** The group whose name equals `name` ignoring case and diacritics, if any. */
  async byName(tenantId: string, name: string): Promise<GroupRow | undefined> {
    return this.#db
      .selectFrom('groups')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('name_folded', '=', fold(name))
      .executeTakeFirst();
  }

  async byId(tenantId: string, groupId: string): Promise<GroupRow | undefined> {
    return this.#db
      .selectFrom('groups')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', groupId)
      .executeTakeFirst();
  }

  async byIds(tenantId: string, groupIds: readonly string[]): Promise<GroupRow[]> {
    if (groupIds.length === 0) return [];
    return this.#db
      .selectFrom('groups')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', groupIds)
      .execute();
  }

  async list(tenantId: string, q: Paging & { search?: string | undefined }): Promise<Page<GroupWithCount>> {
    let base = this.#db.selectFrom('groups').where('groups.tenant_id', '=', tenantId);
    if (q.search) base = base.where(contains('groups.name_folded', fold(q.search)));
    const [items, count] = await Promise.all([
      base
        .selectAll('groups')
        .select((eb) =>
          eb
            .selectFrom('group_members')
            .whereRef('group_members.group_id', '=', 'groups.id')
            .select(eb.fn.countAll<string | number>().as('c'))
            .as('member_count'),
        )
        .orderBy('groups.is_organisation', 'desc')
        .orderBy('groups.name')
        .offset(q.from)
        .limit(q.itemsPerPage)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    ]);
    return {
      items: items.map((g) => ({ ...g, member_count: Number(g.member_count ?? 0) })),
      total: Number(count?.n ?? 0),
      from: q.from,
      itemsPerPage: q.itemsPerPage,
    };
  }

  async memberCount(tenantId: string, groupId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('group_members')
      .where('tenant_id', '=', tenantId)
      .where('group_id', '=', groupId)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async update(
    tenantId: string,
    groupId: string,
    patch: Partial<Pick<GroupRow, 'name' | 'permissions'>>,
  ): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.#db
      .updateTable('groups')
      .set({ ...patch, ...(patch.name !== undefined ? { name_folded: fold(patch.name) } : {}) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', groupId)
      .execute();
  }

  async delete(tenantId: string, groupId: string): Promise<void> {
    await this.#db.deleteFrom('groups').where('tenant_id', '=', tenantId).where('id', '=', groupId).execute();
  }

  /** Groups of each user, for presenting lists without one query per user. */
  async groupsOfUsers(tenantId: string, userIds: readonly string[]): Promise<Map<string, GroupRow[]>> {
    const result = new Map<string, GroupRow[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return result;
    const rows = await this.#db
      .selectFrom('group_members')
      .innerJoin('groups', 'groups.id', 'group_members.group_id')
      .where('group_members.tenant_id', '=', tenantId)
      .where('group_members.user_id', 'in', userIds)
      .selectAll('groups')
      .select('group_members.user_id')
      .orderBy('groups.name')
      .execute();
    for (const { user_id, ...group } of rows) result.get(user_id)?.push(group);
    return result;
  }

  async setUserGroups(tenantId: string, userId: string, groupIds: readonly string[]): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('group_members')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .execute();
      if (groupIds.length > 0) {
        await trx
          .insertInto('group_members')
          .values(groupIds.map((group_id) => ({ tenant_id: tenantId, group_id, user_id: userId })))
          .execute();
      }
    });
  }

  async setGroupMembers(tenantId: string, groupId: string, userIds: readonly string[]): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('group_members')
        .where('tenant_id', '=', tenantId)
        .where('group_id', '=', groupId)
        .execute();
      if (userIds.length > 0) {
        await trx
          .insertInto('group_members')
          .values(userIds.map((user_id) => ({ tenant_id: tenantId, group_id: groupId, user_id })))
          .execute();
      }
    });
  }
}
