import type { NotificationsService } from './notifications.service.ts';

/** A share or upload request as it tells of itself (the shares module's ShareEvents hand it over). */
interface SharedEventShare {
  tenantId: string;
  shareId: string;
  ownerId: string | null;
  title: string;
}

/**
 * The shares module's ShareEvents: tells a share's owner that it was opened (once per visitor) or that
 * a file arrived through their upload request (once per item). An owner whose account is gone hears nothing.
 */
export class ShareNotifications {
  readonly #notifications: Pick<NotificationsService, 'notify'>;
  constructor(notifications: Pick<NotificationsService, 'notify'>) {
    this.#notifications = notifications;
  }

  opened(share: SharedEventShare): void {
    this.#send(share, 'shareOpened', {});
  }

  fileArrived(share: SharedEventShare, itemId: string): void {
    this.#send(share, 'uploadReceived', { itemId }, `upload:${itemId}`);
  }

  #send(
    share: SharedEventShare,
    kind: 'shareOpened' | 'uploadReceived',
    extra: { itemId?: string },
    eventKey?: string,
  ): void {
    if (!share.ownerId) return;
    void this.#notifications
      .notify(
        share.tenantId,
        share.ownerId,
        kind,
        { shareId: share.shareId, itemTitle: share.title, ...extra },
        eventKey ? { eventKey } : {},
      )
      .catch(() => undefined);
  }
}
