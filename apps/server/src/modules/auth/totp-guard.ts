import type { UserRow } from '../../db/rows.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import { verifyTotp } from './totp.ts';

/** Checks a user's TOTP codes against their sealed secret, and uses each accepted code up. */
export class TotpGuard {
  readonly #users: Pick<UserDirectory, 'claimTotpStep'>;
  readonly #secrets: SecretBox;

  constructor(users: Pick<UserDirectory, 'claimTotpStep'>, secrets: SecretBox) {
    this.#users = users;
    this.#secrets = secrets;
  }

  async accept(user: UserRow, code: string): Promise<boolean> {
    if (!user.mfa_secret) return false;
    const step = await verifyTotp(this.#secrets.open(user.mfa_secret), code, user.mfa_last_step ?? undefined);
    // The conditional write settles a race between two requests carrying the same code.
    return step !== undefined && (await this.#users.claimTotpStep(user.tenant_id, user.id, step));
  }
}
