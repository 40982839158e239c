import { LIMITS } from '@skald/domain';
import { LRUCache } from 'lru-cache';
import { safeEqual, sha256 } from '../../lib/tokens.ts';
import { MINUTE } from '../../lib/time.ts';
import type { Identity } from '../../identity/identity.ts';
import type { IdentityLoader } from '../../identity/identity.loader.ts';
import { parseApiKey } from './api-key-token.ts';
import { isKeyUsable } from './api-key-validity.ts';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.ts';

interface CachedKey {
  key: ApiKeyRow;
  identity: Identity;
  lastTouched: number;
}

// last_used_at is written at most this often per key: the inactivity threshold counts in days,
// and a write per request would cost more than the whole evaluation.
const TOUCH_EVERY_MS = MINUTE;

/**
 * Evaluates `Authorization: Bearer` API keys. A successful evaluation is cached for
 * LIMITS.apiKeyCacheTtlMs (spec §7: "a few minutes"); deleting or deactivating a key evicts it
 * here at once, while other API processes keep their entry until it expires.
 */
export class ApiKeyAuthenticator {
  readonly #keys: ApiKeysRepository;
  readonly #identities: IdentityLoader;
  readonly #cache: LRUCache<string, CachedKey>;

  constructor(keys: ApiKeysRepository, identities: IdentityLoader) {
    this.#keys = keys;
    this.#identities = identities;
    this.#cache = new LRUCache({ max: 10_000, ttl: LIMITS.apiKeyCacheTtlMs });
  }

  async authenticate(
    token: string,
    now = Date.now(),
  ): Promise<{ identity: Identity; keyId: string } | undefined> {
    const cacheKey = sha256(token);
    const entry = this.#cache.get(cacheKey) ?? (await this.#evaluate(token, cacheKey));
    if (!entry || !isKeyUsable(entry.key, now)) return undefined;
    if (now - entry.lastTouched >= TOUCH_EVERY_MS) {
      entry.lastTouched = now;
      entry.key = { ...entry.key, last_used_at: new Date(now).toISOString() };
      await this.#keys.touch(entry.key.tenant_id, entry.key.id, entry.key.last_used_at ?? '');
    }
    return { identity: entry.identity, keyId: entry.key.id };
  }

  async #evaluate(token: string, cacheKey: string): Promise<CachedKey | undefined> {
    const parts = parseApiKey(token);
    if (!parts) return undefined;
    const key = await this.#keys.byIdentifier(parts.identifier);
    if (!key || !safeEqual(key.secret_hash, sha256(parts.secret))) return undefined;
    const identity = await this.#identities.load(key.tenant_id, key.user_id);
    if (!identity) return undefined;
    const entry: CachedKey = { key, identity, lastTouched: 0 };
    this.#cache.set(cacheKey, entry);
    return entry;
  }

  evictKey(keyId: string): void {
    this.#evictWhere((e) => e.key.id === keyId);
  }

  evictUser(userId: string): void {
    this.#evictWhere((e) => e.key.user_id === userId);
  }

  /** Group permission changes touch many users at once; dropping the cache is cheaper than tracking them. */
  evictAll(): void {
    this.#cache.clear();
  }

  #evictWhere(match: (entry: CachedKey) => boolean): void {
    const doomed: string[] = [];
    this.#cache.forEach((entry, k) => {
      if (match(entry)) doomed.push(k);
    });
    for (const k of doomed) this.#cache.delete(k);
  }
}
