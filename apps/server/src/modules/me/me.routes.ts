import { z } from 'zod';
import type { App } from '../../app.ts';
import { authOf } from '../../plugins/auth.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import { nameSchema, sixDigitCode } from '../../lib/schemas.ts';
import type { Config } from '../../config.ts';
import type { IdentityLoader } from '../../identity/identity.loader.ts';
import type { IdentityCaches } from '../../identity/identity-caches.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import { meSchema, presentMe } from './me.presenter.ts';
import type { MfaService } from './mfa.service.ts';

const tags = ['me'];
const codeBody = z.object({ code: sixDigitCode });
const mfaAccess = { access: 'authenticated', allowDuringMfaSetup: true } as const;

export interface MeRouteDeps {
  mfa: MfaService;
  /** Where the caller's name and language are written (the users repository). */
  users: Pick<UserDirectory, 'update'>;
  identities: IdentityLoader;
  identityCaches: Pick<IdentityCaches, 'userChanged'>;
  config: Pick<Config, 'AUTH_RATE_LIMIT_PER_MINUTE'>;
}

export function registerMeRoutes(app: App, s: MeRouteDeps): void {
  // A TOTP code is a secret like a password: guesses are limited per address.
  const mfaCodeAccess = { ...mfaAccess, rateLimit: authRateLimit(s.config.AUTH_RATE_LIMIT_PER_MINUTE) };
  const reloadMe = async (request: Parameters<typeof authOf>[0]) => {
    const auth = authOf(request);
    // The caller's cached sessions and API-key evaluations still hold the old user.
    s.identityCaches.userChanged(auth.user.id);
    const fresh = await s.identities.load(auth.tenant.id, auth.user.id);
    return presentMe(fresh ?? auth);
  };

  app.get(
    '/api/v1/me',
    {
      config: mfaAccess,
      schema: {
        tags,
        summary: 'The signed-in user, tenant, effective permissions and roles',
        response: { 200: meSchema },
      },
    },
    (request) => presentMe(authOf(request)),
  );

  app.patch(
    '/api/v1/me',
    {
      config: mfaAccess,
      schema: {
        tags,
        summary: 'Update your name or UI language',
        body: z.object({
          name: nameSchema.optional(),
          language: z.enum(['en', 'nb', 'nn', 'fr']).nullable().optional(),
        }),
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await s.users.update(auth.tenant.id, auth.user.id, request.body);
      return reloadMe(request);
    },
  );

  app.post(
    '/api/v1/me/mfa/setup',
    {
      config: mfaAccess,
      schema: {
        tags,
        summary: 'Start TOTP set-up: a new secret and its QR code (on only after /enable)',
        errors: [403],
        response: { 200: z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() }) },
      },
    },
    (request) => s.mfa.setup(authOf(request)),
  );

  app.post(
    '/api/v1/me/mfa/enable',
    {
      config: mfaCodeAccess,
      schema: {
        tags,
        summary: 'Turn TOTP on with a current code',
        body: codeBody,
        errors: [403],
        response: { 200: meSchema },
      },
    },
    async (request) => {
      await s.mfa.enable(authOf(request), request.body.code);
      return reloadMe(request);
    },
  );

  app.post(
    '/api/v1/me/mfa/disable',
    {
      config: mfaCodeAccess,
      schema: {
        tags,
        summary: 'Turn TOTP off with a current code',
        body: codeBody,
        errors: [403],
        response: { 200: meSchema },
      },
    },
    async (request) => {
      await s.mfa.disable(authOf(request), request.body.code);
      return reloadMe(request);
    },
  );
}
