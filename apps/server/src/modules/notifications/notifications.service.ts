import {
  DEFAULT_MAIL_SETTING,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPayload,
} from '@skald/domain';
import type { Identity } from '../../identity/identity.ts';
import { newId } from '../../lib/ids.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import type { Logger } from '../../lib/logger.ts';
import { nowIso } from '../../lib/time.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import type { AccountEvents } from './notification-events.ts';
import { notificationMail } from './notification-mail.ts';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.ts';

export interface NotificationDto {
  id: string;
  kind: NotificationKind;
  payload: NotificationPayload;
  read: boolean;
  createdAt: string;
}

export interface MailSetting {
  kind: NotificationKind;
  mail: boolean;
}

interface Deps {
  notifications: NotificationsRepository;
  users: Pick<UserDirectory, 'byId'>;
  mailer: Pick<Mailer, 'enqueue'>;
  events: AccountEvents;
  publicUrl: string;
  log: Logger;
}

const present = (row: NotificationRow): NotificationDto => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  payload: JSON.parse(row.payload) as NotificationPayload,
  read: row.read_at !== null,
  createdAt: row.created_at,
});

/**
 * Spec §3 account notifications (docs/NOTIFICATIONS.md). `notify` is the one way any module tells a
 * user something: it stores the notification, shows it on the user's open pages at once (the SSE
 * stream) and, unless the user turned that kind off, e-mails it in their language.
 */
export class NotificationsService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /**
   * Tells `userId` of tenant `tenantId` that `kind` happened. With `eventKey`, an event heard by
   * several processes (a job's end) notifies once. A user who is not (or no longer) active gets
   * nothing. Never throws for the mail: the notification stands without it.
   */
  async notify(
    tenantId: string,
    userId: string,
    kind: NotificationKind,
    payload: NotificationPayload,
    options: { eventKey?: string } = {},
  ): Promise<void> {
    const user = await this.#d.users.byId(tenantId, userId);
    if (!user || user.active !== 1) return;
    const row: NotificationRow = {
      id: newId(),
      tenant_id: tenantId,
      user_id: userId,
      kind,
      payload: JSON.stringify(payload),
      event_key: options.eventKey ?? null,
      read_at: null,
      created_at: nowIso(),
    };
    if (!(await this.#d.notifications.insert(row))) return;
    const unreadCount = await this.#d.notifications.unreadCount(tenantId, userId);
    this.#d.events.emit({
      tenantId,
      userId,
      event: 'notification',
      data: { notification: present(row), unreadCount },
    });
    const settings = await this.#d.notifications.mailSettings(tenantId, userId);
    if (!(settings.get(kind) ?? DEFAULT_MAIL_SETTING)) return;
    try {
      await this.#d.mailer.enqueue(notificationMail(tenantId, user, kind, payload, this.#d.publicUrl));
    } catch (err) {
      this.#d.log.error({ err, kind }, 'notification mail not queued');
    }
  }

  async list(
    caller: Identity,
    unreadOnly: boolean,
    q: Paging,
  ): Promise<Page<NotificationDto> & { unreadCount: number }> {
    const [page, unreadCount] = await Promise.all([
      this.#d.notifications.list(caller.tenant.id, caller.user.id, unreadOnly, q),
      this.#d.notifications.unreadCount(caller.tenant.id, caller.user.id),
    ]);
    return { ...page, items: page.items.map(present), unreadCount };
  }

  /** Spec §4: unread to read, singly (the ids given) or all at once (ids undefined). */
  async markRead(caller: Identity, ids: readonly string[] | undefined): Promise<{ unreadCount: number }> {
    const { id: tenantId } = caller.tenant;
    const userId = caller.user.id;
    await this.#d.notifications.markRead(tenantId, userId, ids, nowIso());
    const unreadCount = await this.#d.notifications.unreadCount(tenantId, userId);
    // The user's other tabs follow.
    this.#d.events.emit({ tenantId, userId, event: 'notifications', data: { unreadCount } });
    return { unreadCount };
  }

  async mailSettings(caller: Identity): Promise<MailSetting[]> {
    const set = await this.#d.notifications.mailSettings(caller.tenant.id, caller.user.id);
    return NOTIFICATION_KINDS.map((kind) => ({ kind, mail: set.get(kind) ?? DEFAULT_MAIL_SETTING }));
  }

  async setMailSettings(caller: Identity, settings: readonly MailSetting[]): Promise<MailSetting[]> {
    await this.#d.notifications.setMailSettings(caller.tenant.id, caller.user.id, settings);
    return this.mailSettings(caller);
  }
}
