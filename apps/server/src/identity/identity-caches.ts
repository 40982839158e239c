import { IdentityCache, type CachedCredential, type IdentityEviction } from './identity-cache.ts';

/** Carries evictions between the API processes (Redis pub/sub with REDIS_URL). */
export interface EvictionChannel {
  /** Tells the other processes; never throws (a lost message leaves their entries to the TTL). */
  publish(eviction: IdentityEviction): void;
  /**
   * `evict` for each eviction another process published; `lost` when some may have been missed
   * (the connection dropped and came back), so everything cached goes.
   */
  listen(listener: { evict(eviction: IdentityEviction): void; lost(): void }): void;
  close(): Promise<void>;
}

type AnyCache = Pick<IdentityCache<CachedCredential>, 'evict' | 'clear'>;

/**
 * Every cache of credential evaluations in this API process (sessions, API keys), and the one
 * way to evict from them: a change evicts here at once and, over the channel, in the other API
 * processes as soon as the message arrives. What writes a user, a group, a tenant or a session
 * calls the method that names what it changed, after the write.
 */
export class IdentityCaches {
  readonly #caches: AnyCache[] = [];
  readonly #channel: EvictionChannel | undefined;

  constructor(channel?: EvictionChannel) {
    this.#channel = channel;
    channel?.listen({
      evict: (eviction) => {
        this.#evictHere(eviction);
      },
      lost: () => {
        for (const cache of this.#caches) cache.clear();
      },
    });
  }

  create<E extends CachedCredential>(ttlMs: number): IdentityCache<E> {
    const cache = new IdentityCache<E>(ttlMs);
    this.#caches.push(cache);
    return cache;
  }

  /** A session or an API key ended. */
  credentialEnded(credentialId: string): void {
    this.#evict({ scope: 'credential', id: credentialId });
  }

  /** The user's row, rights, groups, password or MFA changed, or their sessions ended. */
  userChanged(userId: string): void {
    this.#evict({ scope: 'user', id: userId });
  }

  /** The tenant or one of its groups changed: every identity of the tenant may differ. */
  tenantChanged(tenantId: string): void {
    this.#evict({ scope: 'tenant', id: tenantId });
  }

  async close(): Promise<void> {
    await this.#channel?.close();
  }

  #evict(eviction: IdentityEviction): void {
    this.#evictHere(eviction);
    this.#channel?.publish(eviction);
  }

  #evictHere(eviction: IdentityEviction): void {
    for (const cache of this.#caches) cache.evict(eviction);
  }
}
