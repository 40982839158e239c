import { fold } from '@skald/domain';
import { usersNamedBy } from '../../db/users-named-by.ts';
import type { Db } from '../../db/database.ts';
import { contains } from '../../db/contains.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import type { UserRow } from '../../db/rows.ts';
import { IDENTITY_USER_COLUMNS, type IdentityUser } from '../../identity/identity.ts';
import type { UserDirectory, UserPatch } from './user-directory.ts';

export type NewUserRow = Omit<UserRow, 'name_folded'>;
export interface UserListQuery extends Paging {
  search?: string | undefined;
  includeHidden: boolean;
  /** Deactivated users left out (the directory everyone sees). */
  activeOnly?: boolean;
}

export class UsersRepository implements UserDirectory {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: NewUserRow): Promise<UserRow> {
    const stored = { ...row, name_folded: fold(row.name) };
    await this.#db.insertInto('users').values(stored).execute();
    return stored;
  }

  async byId(tenantId: string, userId: string): Promise<UserRow | undefined> {
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** The columns of an identity, without the secrets (the identity loader's read). */
  async identityUser(tenantId: string, userId: string): Promise<IdentityUser | undefined> {
    return this.#db
      .selectFrom('users')
      .select(IDENTITY_USER_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** id → name of the given users of the tenant (for the "who" of items, versions, history). */
  async names(tenantId: string, userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...new Set(userIds)])
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** The ids of the users a search's `owner:` / `createdBy:` value names (usersNamedBy). */
  async idsNamedBy(tenantId: string, value: string): Promise<string[]> {
    const { rows } = await usersNamedBy(tenantId, value).execute(this.#db);
    return rows.map((r) => r.id);
  }

  /** The active users whose folded name is one of these (for @mentions), id and folded name. */
  async activeByFoldedNames(
    tenantId: string,
    names: readonly string[],
  ): Promise<{ id: string; name_folded: string }[]> {
    if (names.length === 0) return [];
    return this.#db
      .selectFrom('users')
      .select(['id', 'name_folded'])
      .where('tenant_id', '=', tenantId)
      .where('active', '=', 1)
      .where('name_folded', 'in', [...new Set(names)])
      .execute();
  }

  async byEmail(tenantId: string, emailNormalized: string): Promise<UserRow | undefined> {
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('email_normalized', '=', emailNormalized)
      .executeTakeFirst();
  }

  async list(tenantId: string, q: UserListQuery): Promise<Page<UserRow>> {
    let base = this.#db.selectFrom('users').where('tenant_id', '=', tenantId);
    if (!q.includeHidden) base = base.where('hidden', '=', 0);
    if (q.activeOnly) base = base.where('active', '=', 1);
    if (q.search) {
      const needle = fold(q.search);
      base = base.where((eb) =>
        eb.or([contains('name_folded', needle), contains('email_normalized', needle)]),
      );
    }
    const [items, count] = await Promise.all([
      base.selectAll().orderBy('name').orderBy('id').offset(q.from).limit(q.itemsPerPage).execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    ]);
    return { items, total: Number(count?.n ?? 0), from: q.from, itemsPerPage: q.itemsPerPage };
  }

  async update(tenantId: string, userId: string, patch: UserPatch): Promise<void> {
    await this.#db
      .updateTable('users')
      .set({
        ...patch,
        ...(patch.name !== undefined ? { name_folded: fold(patch.name) } : {}),
        updated_at: nowIso(),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .execute();
  }

  /** Records a TOTP time step as used; false when it (or a later one) was used already. */
  async claimTotpStep(tenantId: string, userId: string, step: number): Promise<boolean> {
    const result = await this.#db
      .updateTable('users')
      .set({ mfa_last_step: step })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('mfa_last_step', 'is', null), eb('mfa_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(tenantId: string, userId: string): Promise<void> {
    await this.#db.deleteFrom('users').where('tenant_id', '=', tenantId).where('id', '=', userId).execute();
  }
}
