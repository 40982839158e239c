import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { likePattern, type Page, type Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';

export type UserRow = UsersTable;
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

export interface UserListQuery extends Paging {
  search?: string | undefined;
  includeHidden: boolean;
}

export class UsersRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: UserRow): Promise<void> {
    await this.#db.insertInto('users').values(row).execute();
  }

  async byId(tenantId: string, userId: string): Promise<UserRow | undefined> {
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .executeTakeFirst();
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
    if (q.search) {
      const pattern = likePattern(q.search.toLowerCase());
      base = base.where((eb) =>
        eb.or([
          sql<boolean>`lower(name) like ${pattern} escape '\\'`,
          sql<boolean>`email_normalized like ${pattern} escape '\\'`,
        ]),
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
      .set({ ...patch, updated_at: nowIso() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .execute();
  }

  async delete(tenantId: string, userId: string): Promise<void> {
    await this.#db.deleteFrom('users').where('tenant_id', '=', tenantId).where('id', '=', userId).execute();
  }
}
