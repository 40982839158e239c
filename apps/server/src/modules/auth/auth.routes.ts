import { z } from 'zod';
import type { App } from '../../app.ts';
import { authOf } from '../../plugins/auth.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import { emailSchema, passwordSchema, sixDigitCode, tenantSlugSchema } from '../../lib/schemas.ts';
import type { Config } from '../../config.ts';
import { meSchema, presentMe } from '../me/me.presenter.ts';
import type { AuthService } from './auth.service.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { accepted, noContent } from '../../lib/answers.ts';

const tags = ['auth'];

export function registerAuthRoutes(
  app: App,
  s: { auth: AuthService; config: Pick<Config, 'AUTH_RATE_LIMIT_PER_MINUTE' | 'publicUrl'> },
): void {
  const rateLimit = authRateLimit(s.config.AUTH_RATE_LIMIT_PER_MINUTE);
  const secureCookie = s.config.publicUrl.startsWith('https://');

  app.post(
    '/api/v1/auth/login',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Sign in to an organisation with e-mail and password (and a TOTP code when MFA is on)',
        body: z.object({
          tenant: tenantSlugSchema,
          email: emailSchema,
          password: z.string().min(1).max(256),
          totp: sixDigitCode.optional(),
        }),
        errors: [401, 403],
        response: { 200: meSchema },
      },
    },
    async (request, reply) => {
      const session = await s.auth.login(request.body);
      setSessionCookie(reply, session, secureCookie);
      return presentMe(session.identity);
    },
  );

  app.post(
    '/api/v1/auth/logout',
    {
      config: { access: 'authenticated', allowDuringMfaSetup: true },
      schema: { tags, summary: 'Sign out', response: { 204: noContent } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (auth.via.kind === 'session') await s.auth.logout(auth.tenant.id, auth.via.sessionId);
      clearSessionCookie(reply);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/auth/change-password',
    {
      config: { access: 'authenticated', rateLimit },
      schema: {
        tags,
        summary: 'Change your password',
        body: z.object({ currentPassword: z.string().max(256).default(''), newPassword: passwordSchema }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.auth.changePassword(authOf(request), request.body.currentPassword, request.body.newPassword);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/auth/forgot-password',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'E-mail a verification code to reset a password (always 202)',
        body: z.object({ tenant: tenantSlugSchema, email: emailSchema }),
        response: { 202: accepted },
      },
    },
    async (request, reply) => {
      await s.auth.forgotPassword(request.body.tenant, request.body.email);
      return reply.status(202).send({ status: 'accepted' });
    },
  );

  app.post(
    '/api/v1/auth/forgot-password/verify',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Verify account ownership with the e-mailed code',
        body: z.object({
          tenant: tenantSlugSchema,
          email: emailSchema,
          code: sixDigitCode,
        }),
        response: { 200: z.object({ resetToken: z.string() }) },
      },
    },
    async (request) => ({
      resetToken: await s.auth.verifyResetCode(request.body.tenant, request.body.email, request.body.code),
    }),
  );

  app.post(
    '/api/v1/auth/forgot-password/reset',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Set a new password and sign in',
        body: z.object({
          resetToken: z.string().min(1).max(200),
          password: passwordSchema,
          totp: sixDigitCode.optional(),
        }),
        errors: [401, 403],
        response: { 200: meSchema },
      },
    },
    async (request, reply) => {
      const { resetToken, password, totp } = request.body;
      const session = await s.auth.resetPassword(resetToken, password, totp);
      setSessionCookie(reply, session, secureCookie);
      return presentMe(session.identity);
    },
  );

  app.post(
    '/api/v1/auth/sign-in-code',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Sign in with a one-time code from an e-mailed link',
        body: z.object({ code: z.string().min(1).max(200) }),
        errors: [403],
        response: { 200: meSchema },
      },
    },
    async (request, reply) => {
      const session = await s.auth.signInWithCode(request.body.code);
      setSessionCookie(reply, session, secureCookie);
      return presentMe(session.identity);
    },
  );
}
