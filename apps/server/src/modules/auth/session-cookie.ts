import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import type { NewSession } from './auth.service.ts';

export function setSessionCookie(reply: FastifyReply, session: NewSession, secure: boolean): void {
  void reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: new Date(session.expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
