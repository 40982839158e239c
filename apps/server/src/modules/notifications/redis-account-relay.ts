import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Logger } from '../../lib/logger.ts';
import type { AccountEvent, AccountRelay } from './notification-events.ts';

export const DEFAULT_ACCOUNT_CHANNEL = 'skald:account-events';

const messageSchema = z.object({
  origin: z.string(),
  event: z.object({
    tenantId: z.string(),
    userId: z.string(),
    event: z.enum(['notification', 'notifications']),
    data: z.unknown(),
  }),
});

/**
 * Account events over Redis pub/sub (REDIS_URL), so a notification made by one API process reaches
 * the user's pages connected to any other. Nothing is kept for a process that is away: its pages
 * list their notifications again when their stream reconnects.
 */
export class RedisAccountRelay implements AccountRelay {
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #channel: string;
  readonly #log: Logger;
  // A process hears its own messages too; it has delivered them already.
  readonly #origin = randomUUID();

  constructor(redisUrl: string, log: Logger, channel = DEFAULT_ACCOUNT_CHANNEL) {
    this.#channel = channel;
    this.#log = log;
    const options = { connectTimeout: 2_000, maxRetriesPerRequest: 1 };
    this.#publisher = new Redis(redisUrl, options);
    this.#subscriber = new Redis(redisUrl, options);
    for (const connection of [this.#publisher, this.#subscriber]) {
      connection.on('error', (err) => {
        this.#log.warn({ err }, 'account events: Redis connection');
      });
    }
  }

  publish(event: AccountEvent): void {
    this.#publisher
      .publish(this.#channel, JSON.stringify({ origin: this.#origin, event }))
      .catch((err: unknown) => {
        this.#log.warn(
          { err },
          'account event not published: other API processes’ pages see it at their next list',
        );
      });
  }

  async listen(deliver: (event: AccountEvent) => void): Promise<void> {
    this.#subscriber.on('message', (channel, text) => {
      if (channel !== this.#channel) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const message = messageSchema.safeParse(parsed);
      if (message.success && message.data.origin !== this.#origin) deliver(message.data.event);
    });
    await this.#subscriber.subscribe(this.#channel);
  }

  async close(): Promise<void> {
    this.#subscriber.disconnect();
    await this.#publisher.quit().catch(() => undefined);
  }
}
