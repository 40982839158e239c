import type { NotificationsService } from './notifications.service.ts';

/** How a run ended, as processing tells it (ProcessingService.watchOutcomes). */
export interface JobOutcomeSource {
  watchOutcomes(
    listener: (o: {
      tenantId: string;
      jobId: string;
      itemId: string;
      itemTitle: string;
      ownerId: string;
      outcome: 'finished' | 'failed';
    }) => void,
  ): Promise<() => void>;
}

/**
 * Tells an item's owner that its processing finished or failed. Every API process hears every
 * end; the job's id as the event key makes it one notification (and one e-mail) all the same.
 */
export class JobNotifications {
  readonly #source: JobOutcomeSource;
  readonly #notifications: Pick<NotificationsService, 'notify'>;
  constructor(source: JobOutcomeSource, notifications: Pick<NotificationsService, 'notify'>) {
    this.#source = source;
    this.#notifications = notifications;
  }

  start(): Promise<() => void> {
    return this.#source.watchOutcomes((o) => {
      void this.#notifications
        .notify(
          o.tenantId,
          o.ownerId,
          o.outcome === 'finished' ? 'jobFinished' : 'jobFailed',
          { itemId: o.itemId, itemTitle: o.itemTitle },
          { eventKey: `job:${o.jobId}` },
        )
        .catch(() => undefined);
    });
  }
}
