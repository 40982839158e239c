import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Logger } from '../lib/logger.ts';
import type { IdentityEviction } from './identity-cache.ts';
import type { EvictionChannel } from './identity-caches.ts';

export const DEFAULT_EVICTION_CHANNEL = 'skald:identity-evictions';

const messageSchema = z.object({
  origin: z.string(),
  eviction: z.object({ scope: z.enum(['credential', 'user', 'tenant']), id: z.string() }),
});

/**
 * Evictions over Redis pub/sub: every API process publishes its own and applies the others'.
 * Pub/sub keeps nothing for a process that is not connected, so a process that (re)connects
 * drops its whole cache once subscribed: whatever it missed meanwhile cannot outlive that.
 */
export class RedisEvictionChannel implements EvictionChannel {
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #name: string;
  readonly #log: Logger;
  // Each process hears its own messages too; it has applied them already.
  readonly #origin = randomUUID();

  constructor(redisUrl: string, log: Logger, name = DEFAULT_EVICTION_CHANNEL) {
    this.#name = name;
    this.#log = log;
    const options = { connectTimeout: 2_000, maxRetriesPerRequest: 1 };
    this.#publisher = new Redis(redisUrl, options);
    // Subscribed by hand on every connection, so the cache is dropped only once that holds.
    this.#subscriber = new Redis(redisUrl, { ...options, autoResubscribe: false });
    for (const connection of [this.#publisher, this.#subscriber]) {
      connection.on('error', (err) => {
        this.#log.warn({ err }, 'identity evictions: Redis connection');
      });
    }
  }

  publish(eviction: IdentityEviction): void {
    this.#publisher
      .publish(this.#name, JSON.stringify({ origin: this.#origin, eviction }))
      .catch((err: unknown) => {
        this.#log.warn({ err }, 'identity eviction not published: other API processes keep it until the TTL');
      });
  }

  listen(listener: { evict(eviction: IdentityEviction): void; lost(): void }): void {
    this.#subscriber.on('message', (channel, text) => {
      if (channel !== this.#name) return;
      const message = messageSchema.safeParse(safeJson(text));
      if (!message.success) {
        this.#log.warn({ text }, 'identity evictions: a message that is not one');
        return;
      }
      if (message.data.origin !== this.#origin) listener.evict(message.data.eviction);
    });
    const subscribe = () => {
      this.#subscriber.subscribe(this.#name).then(
        () => {
          listener.lost();
        },
        (err: unknown) => {
          this.#log.warn({ err }, 'identity evictions: could not subscribe');
        },
      );
    };
    this.#subscriber.on('ready', subscribe);
    if (this.#subscriber.status === 'ready') subscribe();
  }

  async close(): Promise<void> {
    // Publications still queued are sent first; the subscriber has nothing to finish.
    this.#subscriber.disconnect();
    await this.#publisher.quit().catch(() => undefined);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
