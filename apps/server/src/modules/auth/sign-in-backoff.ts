import { RetryLaterError } from '../../plugins/errors.ts';
import { normalizeEmail } from '../../lib/text.ts';
import { MINUTE } from '../../lib/time.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { SignInFailuresRepository } from './sign-in-failures.repository.ts';

/** An account as its secrets are guessed at: the tenant and the e-mail address typed. */
export interface Account {
  tenantId: string;
  email: string;
}

export const BACKOFF = {
  /** Failures in a row that cost nothing: typos, a forgotten caps lock. */
  freeFailures: 5,
  firstDelayMs: 1_000,
  /** The longest a stranger's guesses can keep the owner waiting after one of them. */
  maxDelayMs: 60_000,
  /** A run of failures this old is forgotten. */
  forgetAfterMs: 15 * MINUTE,
} as const;

/** The wait after the `failures`-th failure in a row: none, then 1 s doubling, at most a minute. */
export function backoffDelayMs(failures: number): number {
  const beyond = failures - BACKOFF.freeFailures;
  if (beyond <= 0) return 0;
  return Math.min(BACKOFF.firstDelayMs * 2 ** (beyond - 1), BACKOFF.maxDelayMs);
}

/**
 * Per-account backoff on every secret that can be guessed (password, TOTP code, password-reset
 * code), beside the per-address limits: guesses at one account from many addresses slow down,
 * while a stranger cannot lock its owner out for more than a minute at a time. Attempts while
 * locked are refused unchecked and do not extend the lock. State lives in the database, so every
 * API process agrees; `now` is injectable for tests.
 */
export class SignInBackoff {
  readonly #failures: SignInFailuresRepository;
  readonly #now: () => number;

  constructor(failures: SignInFailuresRepository, now: () => number = Date.now) {
    this.#failures = failures;
    this.#now = now;
  }

  /** 429 with Retry-After while the account waits. */
  async assertOpen(account: Account): Promise<void> {
    const row = await this.#failures.of(account.tenantId, keyOf(account));
    const waitMs = row?.locked_until ? Date.parse(row.locked_until) - this.#now() : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new RetryLaterError(
        `Too many failed attempts for this account; try again in ${seconds} s`,
        seconds,
      );
    }
  }

  async failed(account: Account): Promise<void> {
    const now = this.#now();
    const at = new Date(now).toISOString();
    const forgetBefore = new Date(now - BACKOFF.forgetAfterMs).toISOString();
    const key = keyOf(account);
    const count = await this.#failures.addFailure(account.tenantId, key, at, forgetBefore);
    const delay = backoffDelayMs(count);
    if (delay > 0) await this.#failures.lockUntil(account.tenantId, key, new Date(now + delay).toISOString());
    await this.#failures.purge(account.tenantId, forgetBefore);
  }

  /** A successful sign-in ends the run. */
  async succeeded(account: Account): Promise<void> {
    await this.#failures.clear(account.tenantId, keyOf(account));
  }
}

const keyOf = (account: Account): string => sha256(normalizeEmail(account.email));
