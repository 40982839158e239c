import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../lib/tokens.ts';
import { mfaSetupRequired, type Identity } from '../identity/identity.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { forbiddenMessage, isAllowed, type RouteAccess } from './route-access.ts';

export const SESSION_COOKIE = 'skald_session';

export interface AuthContext extends Identity {
  via: { kind: 'session'; sessionId: string } | { kind: 'apiKey'; keyId: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Reachable by a session that must enrol in MFA first (the tenant enforces it). */
    allowDuringMfaSetup?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

export interface AuthDeps {
  /** Filled with every route as it registers, so tests can walk them all. */
  declaredRoutes: DeclaredRoute[];
  /** The identity of a live session by its id, the cookie's hash (the auth module's authenticator). */
  sessions: { authenticate(sessionId: string): Promise<Identity | undefined> };
  /** The identity of an API key (the api-keys module's authenticator). */
  apiKeys: { authenticate(token: string): Promise<{ identity: Identity; keyId: string } | undefined> };
}

/** Non-API paths (the web app's files) need no declaration; everything under /api does. */
const needsDeclaration = (url: string): boolean => url.startsWith('/api') && !url.startsWith('/api/docs');

export function registerAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      deps.declaredRoutes.push({ method, url: route.url, access: route.config?.access });
    }
    if (needsDeclaration(route.url) && route.config?.access === undefined) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access (a permission, 'authenticated' or 'public')`,
      );
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const auth = await authenticate(request, deps);
    if (!auth) throw unauthorized();
    request.auth = auth;
    if (
      auth.via.kind === 'session' &&
      mfaSetupRequired(auth) &&
      !request.routeOptions.config.allowDuringMfaSetup
    ) {
      throw new AppError(
        'mfa_setup_required',
        'Your organisation requires two-factor authentication; set it up to continue',
      );
    }
    if (!isAllowed(access, auth.principal)) throw forbidden(forbiddenMessage(access));
  });
}

async function authenticate(request: FastifyRequest, deps: AuthDeps): Promise<AuthContext | undefined> {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const result = await deps.apiKeys.authenticate(header.slice('Bearer '.length).trim());
    return result && { ...result.identity, via: { kind: 'apiKey', keyId: result.keyId } };
  }
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return undefined;
  const sessionId = sha256(token);
  const identity = await deps.sessions.authenticate(sessionId);
  return identity && { ...identity, via: { kind: 'session', sessionId } };
}

/** The caller of a route that declared anything but 'public'; the onRequest hook guarantees it. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
