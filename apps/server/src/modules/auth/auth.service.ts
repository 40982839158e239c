import { MESSAGES } from '@skald/domain';
import type { TenantRow, UserRow } from '../../db/rows.ts';
import { AppError, badField, unauthorized } from '../../plugins/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { normalizeEmail } from '../../lib/text.ts';
import { addMs, DAY, nowIso } from '../../lib/time.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { Identity } from '../../identity/identity.ts';
import type { IdentityLoader } from '../../identity/identity.loader.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMail, signInLinkMail } from '../mail/templates.ts';
import type { TenantDirectory } from '../tenants/tenant-directory.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import type { OneTimeCodes } from './one-time-codes.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import type { TotpGuard } from './totp-guard.ts';

export const SESSION_TTL_MS = 14 * DAY;

export interface NewSession {
  token: string;
  expiresAt: string;
  identity: Identity;
}

export interface AuthServiceDeps {
  tenants: Pick<TenantDirectory, 'bySlug'>;
  users: Pick<UserDirectory, 'byId' | 'byEmail' | 'update'>;
  sessions: SessionsRepository;
  identities: IdentityLoader;
  codes: OneTimeCodes;
  mailer: Mailer;
  totp: TotpGuard;
  publicUrl: string;
}

export class AuthService {
  readonly #d: AuthServiceDeps;
  // Verifying against a real hash when the account is unknown keeps the timing the same.
  readonly #dummyHash: Promise<string>;

  constructor(deps: AuthServiceDeps) {
    this.#d = deps;
    this.#dummyHash = hashPassword(randomToken(16));
  }

  async login(input: {
    tenant: string;
    email: string;
    password: string;
    totp?: string | undefined;
  }): Promise<NewSession> {
    const found = await this.#findAccount(input.tenant, input.email);
    const hash = found?.user.password_hash ?? (await this.#dummyHash);
    const passwordOk = await verifyPassword(input.password, hash);
    if (!found?.user.password_hash || !passwordOk)
      throw unauthorized('Wrong organisation, e-mail or password');
    const { user, tenant } = found;
    if (user.active !== 1) throw new AppError('account_deactivated', MESSAGES.accountDeactivated);
    if (user.mfa_enabled === 1) await this.#assertTotp(user, input.totp);
    return this.#startSession(tenant.id, user.id);
  }

  async #assertTotp(user: UserRow, totp: string | undefined): Promise<void> {
    if (!totp) throw new AppError('mfa_required', 'Enter the code from your authenticator app');
    if (!(await this.#d.totp.accept(user, totp))) {
      throw new AppError('mfa_required', 'The code is not valid; try the current one');
    }
  }

  /** Signs the user out everywhere (deactivated, deleted, or logged out by an administrator). */
  async endSessions(tenantId: string, userId: string): Promise<void> {
    await this.#d.sessions.deleteAllOfUser(tenantId, userId);
  }

  async logout(tenantId: string, sessionId: string): Promise<void> {
    await this.#d.sessions.delete(tenantId, sessionId);
  }

  async changePassword(identity: Identity, currentPassword: string, newPassword: string): Promise<void> {
    // An invited user who signed in by link has no password yet and sets the first one here.
    const hash = identity.user.password_hash;
    if (hash && !(await verifyPassword(currentPassword, hash))) {
      throw badField('currentPassword', 'The current password is not correct');
    }
    await this.#d.users.update(identity.tenant.id, identity.user.id, {
      password_hash: await hashPassword(newPassword),
    });
  }

  /** Always succeeds from the caller's view, so the route cannot be used to find accounts. */
  async forgotPassword(tenantSlug: string, email: string): Promise<void> {
    const found = await this.#findAccount(tenantSlug, email);
    if (!found || found.user.active !== 1) return;
    const code = await this.#d.codes.issue('password_reset', found.tenant.id, found.user.id);
    await this.#d.mailer.enqueue(passwordResetMail(found.tenant, found.user, code));
  }

  async verifyResetCode(tenantSlug: string, email: string, code: string): Promise<string> {
    const found = await this.#findAccount(tenantSlug, email);
    const ok = found !== undefined && (await this.#d.codes.redeemTyped(found.tenant.id, found.user.id, code));
    if (!found || !ok) throw badField('code', 'The code is wrong or has expired');
    return this.#d.codes.issue('reset_token', found.tenant.id, found.user.id);
  }

  async resetPassword(resetToken: string, password: string, totp?: string): Promise<NewSession> {
    const expired = () => badField('resetToken', 'The reset link has expired; ask for a new code');
    const row = await this.#d.codes.peekToken('reset_token', resetToken);
    if (!row) throw expired();
    // A mailbox alone must not get past two-factor authentication: the reset then needs a code
    // too, and a missing or wrong one leaves the token usable for the next try.
    const user = await this.#d.users.byId(row.tenant_id, row.user_id);
    if (user?.mfa_enabled === 1) await this.#assertTotp(user, totp);
    if (!(await this.#d.codes.consume(row))) throw expired();
    await this.#d.users.update(row.tenant_id, row.user_id, { password_hash: await hashPassword(password) });
    // A reset means the old password may be known to someone else: end every other session.
    await this.#d.sessions.deleteAllOfUser(row.tenant_id, row.user_id);
    return this.#startSession(row.tenant_id, row.user_id);
  }

  async signInWithCode(code: string): Promise<NewSession> {
    const row = await this.#d.codes.redeemToken('sign_in', code);
    if (!row) throw badField('code', 'The sign-in link is not valid or has already been used');
    return this.#startSession(row.tenant_id, row.user_id);
  }

  /** E-mails a one-time sign-in link (invitations and their re-sends). */
  async sendSignInLink(tenant: TenantRow, user: UserRow): Promise<void> {
    const code = await this.#d.codes.issue('sign_in', tenant.id, user.id);
    const link = `${this.#d.publicUrl}/sign-in-code?code=${encodeURIComponent(code)}`;
    await this.#d.mailer.enqueue(signInLinkMail(tenant, user, link));
  }

  async #findAccount(
    tenantSlug: string,
    email: string,
  ): Promise<{ tenant: TenantRow; user: UserRow } | undefined> {
    const tenant = await this.#d.tenants.bySlug(tenantSlug);
    const user = tenant && (await this.#d.users.byEmail(tenant.id, normalizeEmail(email)));
    return tenant && user ? { tenant, user } : undefined;
  }

  async #startSession(tenantId: string, userId: string): Promise<NewSession> {
    const identity = await this.#d.identities.load(tenantId, userId);
    if (!identity) throw new AppError('account_deactivated', MESSAGES.accountDeactivated);
    const token = randomToken(32);
    const now = nowIso();
    const expiresAt = addMs(now, SESSION_TTL_MS);
    await this.#d.sessions.insert({
      id: sha256(token),
      tenant_id: tenantId,
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
    });
    await this.#d.users.update(tenantId, userId, { last_sign_in_at: now });
    return { token, expiresAt, identity };
  }
}
