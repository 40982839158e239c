import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_ORIGIN_REFUSED =
  'Changes are accepted only from Skald’s own pages (cross-origin request refused)';

interface RequestOrigin {
  /** The browser's Sec-Fetch-Site header. */
  secFetchSite: string | undefined;
  /** The browser's Origin header. */
  origin: string | undefined;
  /** The Host the request was sent to (as Fastify reads it, X-Forwarded-Host behind a trusted proxy). */
  host: string;
}

/** scheme://host[:port] with the scheme's default port dropped, or null for what is not a URL. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.host === '' ? null : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/**
 * Whether a browser sent this request from Skald's own pages. Sec-Fetch-Site is the browser's own
 * verdict and decides when present ('none' is the user typing or bookmarking); older browsers send
 * only Origin, which must be PUBLIC_URL's origin or the origin of the Host the request came to (the
 * scheme taken from Origin, since a TLS-terminating proxy hides it). A request with neither header
 * is not from a browser page, so it cannot carry a victim's cookie on an attacker's behalf. The
 * same rule as Go's net/http CrossOriginProtection.
 */
function isOwnOrigin(r: RequestOrigin, publicOrigin: string): boolean {
  if (r.secFetchSite !== undefined) return r.secFetchSite === 'same-origin' || r.secFetchSite === 'none';
  if (r.origin === undefined) return true;
  const origin = originOf(r.origin);
  if (origin === null) return false;
  return origin === publicOrigin || origin === originOf(`${new URL(origin).protocol}//${r.host}`);
}

/**
 * Refuses unsafe requests (anything but GET, HEAD, OPTIONS) that a page of another site made a
 * browser send: with the session cookie riding along, a sibling subdomain or another port could
 * otherwise reprocess, restore, invite or sign out. Requests with an API key are not sent by a
 * browser on its own, so they pass. Public routes are covered too, so nobody signs a browser
 * into another account from elsewhere.
 */
export function registerSameOriginGuard(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = originOf(publicUrl);
  if (publicOrigin === null) throw new Error(`PUBLIC_URL is not a URL: ${publicUrl}`);
  app.addHook('onRequest', (request, _reply, done) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const own =
      SAFE_METHODS.has(request.method) ||
      request.headers.authorization?.startsWith('Bearer ') === true ||
      isOwnOrigin(
        { secFetchSite: header('sec-fetch-site'), origin: header('origin'), host: request.host },
        publicOrigin,
      );
    done(own ? undefined : new AppError('forbidden', CROSS_ORIGIN_REFUSED));
  });
}
