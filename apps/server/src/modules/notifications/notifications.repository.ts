import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paged } from '../../db/paged.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { NotificationsTable } from '../../db/schema.ts';
import type { Page, Paging } from '../../lib/paging.ts';

export type NotificationRow = Selectable<NotificationsTable>;

export class NotificationsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** False when the user was told of this event already (its event_key is taken). */
  async insert(row: Insertable<NotificationsTable>): Promise<boolean> {
    try {
      await this.#db.insertInto('notifications').values(row).execute();
      return true;
    } catch (err) {
      if (row.event_key && isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /** The user's notifications, newest first. */
  async list(
    tenantId: string,
    userId: string,
    unreadOnly: boolean,
    q: Paging,
  ): Promise<Page<NotificationRow>> {
    let base = this.#db
      .selectFrom('notifications')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId);
    if (unreadOnly) base = base.where('read_at', 'is', null);
    return paged(base, (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), q);
  }

  async unreadCount(tenantId: string, userId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Marks the given notifications of the user read, or all of them (ids undefined). */
  async markRead(
    tenantId: string,
    userId: string,
    ids: readonly string[] | undefined,
    at: string,
  ): Promise<void> {
    let query = this.#db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (ids !== undefined) {
      if (ids.length === 0) return;
      query = query.where('id', 'in', ids);
    }
    await query.execute();
  }

  /** The kinds whose e-mail the user set, on (true) or off (false). */
  async mailSettings(tenantId: string, userId: string): Promise<Map<string, boolean>> {
    const rows = await this.#db
      .selectFrom('notification_settings')
      .select(['kind', 'mail'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .execute();
    return new Map(rows.map((r) => [r.kind, r.mail === 1]));
  }

  async setMailSettings(
    tenantId: string,
    userId: string,
    settings: readonly { kind: string; mail: boolean }[],
  ): Promise<void> {
    if (settings.length === 0) return;
    await this.#db
      .insertInto('notification_settings')
      .values(
        settings.map((s) => ({ tenant_id: tenantId, user_id: userId, kind: s.kind, mail: s.mail ? 1 : 0 })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({ mail: eb.ref('excluded.mail') })),
      )
      .execute();
  }
}
