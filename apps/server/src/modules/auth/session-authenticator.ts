import type { IdentityCache } from '../../identity/identity-cache.ts';
import type { IdentityCaches } from '../../identity/identity-caches.ts';
import type { Identity } from '../../identity/identity.ts';
import type { IdentityLoader } from '../../identity/identity.loader.ts';
import { MINUTE } from '../../lib/time.ts';
import type { SessionsRepository } from './sessions.repository.ts';

/**
 * How long a session's identity is kept without a word from the database. Changes evict it at
 * once (in other API processes through Redis); the TTL bounds what a lost eviction can leave.
 */
export const SESSION_CACHE_TTL_MS = MINUTE;

interface CachedSession {
  credentialId: string;
  identity: Identity;
  expiresAt: number;
}

/**
 * The identity behind a session cookie. A browser playing a video asks for a segment every two
 * seconds: the session and its identity are read once and kept (until the session's own end at
 * the latest), not read four statements at a time.
 */
export class SessionAuthenticator {
  readonly #sessions: Pick<SessionsRepository, 'live'>;
  readonly #identities: IdentityLoader;
  readonly #cache: IdentityCache<CachedSession>;

  constructor(
    sessions: Pick<SessionsRepository, 'live'>,
    identities: IdentityLoader,
    caches: IdentityCaches,
  ) {
    this.#sessions = sessions;
    this.#identities = identities;
    this.#cache = caches.create(SESSION_CACHE_TTL_MS);
  }

  /** The identity of the live session `sessionId` (the hash of the cookie's token). */
  async authenticate(sessionId: string, now = Date.now()): Promise<Identity | undefined> {
    const entry = await this.#cache.resolve(
      sessionId,
      async () => {
        const session = await this.#sessions.live(sessionId, new Date(now).toISOString());
        if (!session) return undefined;
        const identity = await this.#identities.load(session.tenant_id, session.user_id);
        return identity && { credentialId: sessionId, identity, expiresAt: Date.parse(session.expires_at) };
      },
      now,
    );
    return entry?.identity;
  }
}
