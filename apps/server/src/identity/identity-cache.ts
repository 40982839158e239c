import { LRUCache } from 'lru-cache';
import type { Identity } from './identity.ts';

/** A credential's evaluation as a cache keeps it: a session's or an API key's. */
export interface CachedCredential {
  /** The session id or the API key id: ending that credential evicts the entry. */
  credentialId: string;
  identity: Identity;
  /** When the credential itself ends (epoch ms): the entry is not used from then on. */
  expiresAt?: number | undefined;
}

/** What changed, so that every entry built on it goes. */
export type IdentityEviction =
  /** A session or an API key ended (logout, a key deleted or deactivated). */
  | { scope: 'credential'; id: string }
  /** A user changed (profile, rights, groups, password, MFA, deactivation, deletion) or all their sessions ended. */
  | { scope: 'user'; id: string }
  /** A tenant changed (MFA enforcement, upload rules) or one of its groups did (permissions, members, deletion). */
  | { scope: 'tenant'; id: string };

function concerns(eviction: IdentityEviction, entry: CachedCredential): boolean {
  switch (eviction.scope) {
    case 'credential':
      return entry.credentialId === eviction.id;
    case 'user':
      return entry.identity.user.id === eviction.id;
    case 'tenant':
      return entry.identity.tenant.id === eviction.id;
  }
}

interface Slot<E> {
  entry: E;
  /** The entry serves requests before this time (epoch ms): its TTL or its credential's end, the earlier. */
  until: number;
}

/**
 * Credential evaluations by a key (a hash of the token), each kept for `ttlMs` at most and never
 * past its credential's own end. Created and evicted through IdentityCaches, so that one change
 * reaches every cache of the process (and, with Redis, of the other API processes).
 */
export class IdentityCache<E extends CachedCredential> {
  readonly #slots = new LRUCache<string, Slot<E>>({ max: 10_000 });
  readonly #ttlMs: number;
  // Counts evictions: a load that one overtook may have read what it evicted, so it is not kept.
  #evictions = 0;

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  /** The entry under `key`, or what `load` makes of the database now (kept when it is something). */
  async resolve(key: string, load: () => Promise<E | undefined>, now = Date.now()): Promise<E | undefined> {
    const slot = this.#slots.get(key);
    if (slot && now < slot.until) return slot.entry;
    if (slot) this.#slots.delete(key);
    const evictionsBefore = this.#evictions;
    const entry = await load();
    if (entry && evictionsBefore === this.#evictions) {
      this.#slots.set(key, { entry, until: Math.min(now + this.#ttlMs, entry.expiresAt ?? Infinity) });
    }
    return entry;
  }

  evict(eviction: IdentityEviction): void {
    this.#evictions++;
    const doomed: string[] = [];
    this.#slots.forEach((slot, key) => {
      if (concerns(eviction, slot.entry)) doomed.push(key);
    });
    for (const key of doomed) this.#slots.delete(key);
  }

  clear(): void {
    this.#evictions++;
    this.#slots.clear();
  }
}
