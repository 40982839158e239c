import { EventEmitter } from 'node:events';

/** An event for one user's open pages (the SSE stream's `notification` and `notifications`). */
export interface AccountEvent {
  tenantId: string;
  userId: string;
  event: 'notification' | 'notifications';
  data: unknown;
}

/** Carries account events to the other API processes (Redis pub/sub with REDIS_URL). */
export interface AccountRelay {
  publish(event: AccountEvent): void;
  listen(deliver: (event: AccountEvent) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * Account events for the users' open pages (the SSE stream). With a relay, an event emitted in any
 * API process reaches the pages connected to every one (docs/NOTIFICATIONS.md).
 */
export class AccountEvents {
  readonly #emitter = new EventEmitter<{ account: [AccountEvent] }>();
  readonly #relay: AccountRelay | undefined;

  constructor(relay?: AccountRelay) {
    // One listener per open SSE connection.
    this.#emitter.setMaxListeners(0);
    this.#relay = relay;
  }

  /** Starts hearing the other processes' events (a no-op without a relay). */
  async start(): Promise<void> {
    await this.#relay?.listen((event) => {
      this.#emitter.emit('account', event);
    });
  }

  async close(): Promise<void> {
    await this.#relay?.close();
  }

  emit(event: AccountEvent): void {
    this.#emitter.emit('account', event);
    this.#relay?.publish(event);
  }

  subscribe(listener: (event: AccountEvent) => void): () => void {
    this.#emitter.on('account', listener);
    return () => this.#emitter.off('account', listener);
  }
}
