import type { UserRow } from '../../db/rows.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { badField, forbidden, unauthorized } from '../../plugins/errors.ts';
import { newTotpSecret, totpEnrolment } from '../auth/totp.ts';
import type { TotpGuard } from '../auth/totp-guard.ts';
import type { Identity } from '../../identity/identity.ts';
import type { UserDirectory } from '../users/user-directory.ts';

/** TOTP enrolment: a secret is stored (sealed) at set-up and only switched on by a code that matches it. */
export class MfaService {
  readonly #users: Pick<UserDirectory, 'byId' | 'update'>;
  readonly #secrets: SecretBox;
  readonly #totp: TotpGuard;

  constructor(users: Pick<UserDirectory, 'byId' | 'update'>, secrets: SecretBox, totp: TotpGuard) {
    this.#users = users;
    this.#secrets = secrets;
    this.#totp = totp;
  }

  async setup(identity: Identity) {
    if (identity.user.mfa_enabled === 1) throw forbidden('Two-factor authentication is already on');
    const secret = newTotpSecret();
    await this.#users.update(identity.tenant.id, identity.user.id, {
      mfa_secret: this.#secrets.seal(secret),
    });
    return totpEnrolment(secret, `Skald (${identity.tenant.name})`, identity.user.email);
  }

  async enable(identity: Identity, code: string): Promise<void> {
    const user = await this.#stored(identity);
    if (!user.mfa_secret) throw badField('code', 'Start the set-up first');
    if (!(await this.#totp.accept(user, code))) throw badField('code', 'The code is not valid');
    await this.#users.update(identity.tenant.id, identity.user.id, { mfa_enabled: 1 });
  }

  async disable(identity: Identity, code: string): Promise<void> {
    if (identity.tenant.mfa_enforced === 1 && identity.user.external === 0) {
      throw forbidden('Your organisation requires two-factor authentication');
    }
    if (identity.user.mfa_enabled !== 1) throw badField('code', 'Two-factor authentication is not on');
    if (!(await this.#totp.accept(await this.#stored(identity), code))) {
      throw badField('code', 'The code is not valid');
    }
    await this.#users.update(identity.tenant.id, identity.user.id, { mfa_enabled: 0, mfa_secret: null });
  }

  /** The caller's row with its TOTP secret and last step, which the identity does not carry. */
  async #stored(identity: Identity): Promise<UserRow> {
    const user = await this.#users.byId(identity.tenant.id, identity.user.id);
    if (!user) throw unauthorized();
    return user;
  }
}
