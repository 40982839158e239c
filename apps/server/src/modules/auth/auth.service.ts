import { MESSAGES } from '@skald/domain';
import type { TenantRow, UserRow } from '../../db/rows.ts';
import { AppError, badField, unauthorized } from '../../plugins/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { normalizeEmail } from '../../lib/text.ts';
import { addMs, DAY, nowIso } from '../../lib/time.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { Identity } from '../../identity/identity.ts';
import type { IdentityLoader } from '../../identity/identity.loader.ts';
import type { IdentityCaches } from '../../identity/identity-caches.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMail, signInLinkMail } from '../mail/templates.ts';
import type { TenantDirectory } from '../tenants/tenant-directory.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import type { OneTimeCodes } from './one-time-codes.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import type { Account, SignInBackoff } from './sign-in-backoff.ts';
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
  identityCaches: Pick<IdentityCaches, 'userChanged' | 'credentialEnded'>;
  codes: OneTimeCodes;
  mailer: Mailer;
  totp: TotpGuard;
  backoff: SignInBackoff;
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
    const { tenant, user, account } = await this.#findAccount(input.tenant, input.email);
    if (account) await this.#d.backoff.assertOpen(account);
    const hash = user?.password_hash ?? (await this.#dummyHash);
    const passwordOk = await verifyPassword(input.password, hash);
    if (!tenant || !user?.password_hash || !passwordOk) {
      if (account) await this.#d.backoff.failed(account);
      throw unauthorized('Wrong organisation, e-mail or password');
    }
    if (user.active !== 1) throw new AppError('account_deactivated', MESSAGES.accountDeactivated);
    if (user.mfa_enabled === 1) await this.#assertTotp(user, input.totp);
    await this.#d.backoff.succeeded({ tenantId: tenant.id, email: user.email });
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
    this.#d.identityCaches.userChanged(userId);
  }

  async logout(tenantId: string, sessionId: string): Promise<void> {
    await this.#d.sessions.delete(tenantId, sessionId);
    this.#d.identityCaches.credentialEnded(sessionId);
  }

  async changePassword(identity: Identity, currentPassword: string, newPassword: string): Promise<void> {
    // The identity carries no secret: the hash is read here, where it is checked.
    const stored = await this.#d.users.byId(identity.tenant.id, identity.user.id);
    if (!stored) throw unauthorized();
    // An invited user who signed in by link has no password yet and sets the first one here.
    const hash = stored.password_hash;
    // Whoever holds a session may still not know the password: guesses count like sign-in's.
    const account = { tenantId: identity.tenant.id, email: identity.user.email };
    await this.#d.backoff.assertOpen(account);
    if (hash && !(await verifyPassword(currentPassword, hash))) {
      await this.#d.backoff.failed(account);
      throw badField('currentPassword', 'The current password is not correct');
    }
    await this.#d.users.update(identity.tenant.id, identity.user.id, {
      password_hash: await hashPassword(newPassword),
    });
    this.#d.identityCaches.userChanged(identity.user.id);
  }

  /** Always succeeds from the caller's view, so the route cannot be used to find accounts. */
  async forgotPassword(tenantSlug: string, email: string): Promise<void> {
    const { tenant, user } = await this.#findAccount(tenantSlug, email);
    if (!tenant || user?.active !== 1) return;
    const code = await this.#d.codes.issue('password_reset', tenant.id, user.id);
    await this.#d.mailer.enqueue(passwordResetMail(tenant, user, code));
  }

  async verifyResetCode(tenantSlug: string, email: string, code: string): Promise<string> {
    const { tenant, user, account } = await this.#findAccount(tenantSlug, email);
    if (account) await this.#d.backoff.assertOpen(account);
    const ok = tenant && user && (await this.#d.codes.redeemTyped(tenant.id, user.id, code));
    if (!tenant || !user || !ok) {
      if (account) await this.#d.backoff.failed(account);
      throw badField('code', 'The code is wrong or has expired');
    }
    return this.#d.codes.issue('reset_token', tenant.id, user.id);
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
    await this.endSessions(row.tenant_id, row.user_id);
    if (user) await this.#d.backoff.succeeded({ tenantId: row.tenant_id, email: user.email });
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

  /**
   * The tenant and user an e-mail names, and the account whose guesses are counted: any address
   * typed in an existing tenant, so an unknown one backs off like a real one and tells nothing.
   */
  async #findAccount(
    tenantSlug: string,
    email: string,
  ): Promise<{ tenant?: TenantRow | undefined; user?: UserRow | undefined; account?: Account | undefined }> {
    const tenant = await this.#d.tenants.bySlug(tenantSlug);
    if (!tenant) return {};
    const user = await this.#d.users.byEmail(tenant.id, normalizeEmail(email));
    return { tenant, user, account: { tenantId: tenant.id, email } };
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
