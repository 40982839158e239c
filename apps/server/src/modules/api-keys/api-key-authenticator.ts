import { LIMITS } from '@skald/domain';
import { safeEqual, sha256 } from '../../lib/tokens.ts';
import { MINUTE } from '../../lib/time.ts';
import type { Identity } from '../../identity/identity.ts';
import type { IdentityCache } from '../../identity/identity-cache.ts';
import type { IdentityCaches } from '../../identity/identity-caches.ts';
import type { IdentityLoader } from '../../identity/identity.loader.ts';
import { parseApiKey } from './api-key-token.ts';
import { isKeyUsable } from './api-key-validity.ts';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.ts';

interface CachedKey {
  credentialId: string;
  key: ApiKeyRow;
  identity: Identity;
  lastTouched: number;
}

// last_used_at is written at most this often per key: the inactivity threshold counts in days,
// and a write per request would cost more than the whole evaluation.
const TOUCH_EVERY_MS = MINUTE;

/**
 * Evaluates `Authorization: Bearer` API keys. A successful evaluation is cached for
 * LIMITS.apiKeyCacheTtlMs (spec §7: "a few minutes"); changing or deleting the key, its user, the
 * user's groups or the tenant evicts it through IdentityCaches (docs/ARCHITECTURE.md says how
 * soon in other API processes).
 */
export class ApiKeyAuthenticator {
  readonly #keys: ApiKeysRepository;
  readonly #identities: IdentityLoader;
  readonly #cache: IdentityCache<CachedKey>;

  constructor(keys: ApiKeysRepository, identities: IdentityLoader, caches: IdentityCaches) {
    this.#keys = keys;
    this.#identities = identities;
    this.#cache = caches.create(LIMITS.apiKeyCacheTtlMs);
  }

  async authenticate(
    token: string,
    now = Date.now(),
  ): Promise<{ identity: Identity; keyId: string } | undefined> {
    const entry = await this.#cache.resolve(sha256(token), () => this.#evaluate(token), now);
    if (!entry || !isKeyUsable(entry.key, now)) return undefined;
    if (now - entry.lastTouched >= TOUCH_EVERY_MS) {
      entry.lastTouched = now;
      entry.key = { ...entry.key, last_used_at: new Date(now).toISOString() };
      await this.#keys.touch(entry.key.tenant_id, entry.key.id, entry.key.last_used_at ?? '');
    }
    return { identity: entry.identity, keyId: entry.key.id };
  }

  async #evaluate(token: string): Promise<CachedKey | undefined> {
    const parts = parseApiKey(token);
    if (!parts) return undefined;
    const key = await this.#keys.byIdentifier(parts.identifier);
    if (!key || !safeEqual(key.secret_hash, sha256(parts.secret))) return undefined;
    const identity = await this.#identities.load(key.tenant_id, key.user_id);
    return identity && { credentialId: key.id, key, identity, lastTouched: 0 };
  }
}
