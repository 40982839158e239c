import type { UserRow } from '../../db/rows.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import type { SignInBackoff } from './sign-in-backoff.ts';
import { verifyTotp } from './totp.ts';

/**
 * Checks a user's TOTP codes against their sealed secret, and uses each accepted code up. Wrong
 * codes count in the account's backoff wherever they are typed (sign-in, reset, turning MFA off).
 */
export class TotpGuard {
  readonly #users: Pick<UserDirectory, 'claimTotpStep'>;
  readonly #secrets: SecretBox;
  readonly #backoff: SignInBackoff;

  constructor(users: Pick<UserDirectory, 'claimTotpStep'>, secrets: SecretBox, backoff: SignInBackoff) {
    this.#users = users;
    this.#secrets = secrets;
    this.#backoff = backoff;
  }

  async accept(user: UserRow, code: string): Promise<boolean> {
    if (!user.mfa_secret) return false;
    const account = { tenantId: user.tenant_id, email: user.email };
    await this.#backoff.assertOpen(account);
    const step = await verifyTotp(this.#secrets.open(user.mfa_secret), code, user.mfa_last_step ?? undefined);
    // The conditional write settles a race between two requests carrying the same code.
    const accepted = step !== undefined && (await this.#users.claimTotpStep(user.tenant_id, user.id, step));
    if (!accepted) await this.#backoff.failed(account);
    return accepted;
  }
}
