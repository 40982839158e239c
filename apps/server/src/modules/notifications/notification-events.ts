import { EventEmitter } from 'node:events';

/** An event for one user's open pages (the SSE stream's `notification` and `notifications`). */
export interface AccountEvent {
  tenantId: string;
  userId: string;
  event: 'notification' | 'notifications';
  data: unknown;
}

/**
 * Notifications for the users connected to this process, for the SSE stream. A notification made
 * in another API process reaches its users' pages there (see docs/NOTIFICATIONS.md).
 */
export class AccountEvents {
  readonly #emitter = new EventEmitter<{ account: [AccountEvent] }>();

  constructor() {
    // One listener per open SSE connection.
    this.#emitter.setMaxListeners(0);
  }

  emit(event: AccountEvent): void {
    this.#emitter.emit('account', event);
  }

  subscribe(listener: (event: AccountEvent) => void): () => void {
    this.#emitter.on('account', listener);
    return () => this.#emitter.off('account', listener);
  }
}
