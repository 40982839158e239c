import type { CodePurpose } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { randomDigits, randomToken, sha256 } from '../../lib/tokens.ts';
import { addMs, DAY, MINUTE, nowIso } from '../../lib/time.ts';
import type { CodeRow, CodesRepository } from './codes.repository.ts';

const LIFETIME: Record<CodePurpose, number> = {
  password_reset: 15 * MINUTE,
  reset_token: 15 * MINUTE,
  sign_in: 7 * DAY,
};

/** A typed code allows this many wrong guesses before it is void (10^6 codes, 5 tries). */
export const MAX_CODE_ATTEMPTS = 5;

const hashFor = (purpose: CodePurpose, userId: string, code: string): string =>
  // Short typed codes are salted with the user id; long tokens are found by their bare hash.
  purpose === 'password_reset' ? sha256(`${userId}:${code}`) : sha256(code);

/** Issues and redeems the one-time codes behind password reset and sign-in links. */
export class OneTimeCodes {
  readonly #codes: CodesRepository;
  constructor(codes: CodesRepository) {
    this.#codes = codes;
  }

  async issue(purpose: CodePurpose, tenantId: string, userId: string): Promise<string> {
    const now = nowIso();
    await this.#codes.revokeAll(tenantId, userId, purpose, now);
    const code = purpose === 'password_reset' ? randomDigits(6) : randomToken(32);
    await this.#codes.insert({
      id: newId(),
      tenant_id: tenantId,
      user_id: userId,
      purpose,
      code_hash: hashFor(purpose, userId, code),
      attempts: 0,
      expires_at: addMs(now, LIFETIME[purpose]),
      used_at: null,
      created_at: now,
    });
    return code;
  }

  /** Redeems a typed reset code of a known user, counting wrong guesses. */
  async redeemTyped(tenantId: string, userId: string, code: string): Promise<boolean> {
    const now = nowIso();
    const row = await this.#codes.latestLive(tenantId, userId, 'password_reset', now);
    if (!row || row.attempts >= MAX_CODE_ATTEMPTS) return false;
    if (row.code_hash !== hashFor('password_reset', userId, code)) {
      await this.#codes.recordFailedAttempt(row.tenant_id, row.id, row.attempts + 1);
      return false;
    }
    return this.#codes.consume(row.tenant_id, row.id, now);
  }

  /** Whose a live bearer token (sign-in link, reset token) is, without using it up. */
  async peekToken(
    purpose: Exclude<CodePurpose, 'password_reset'>,
    token: string,
  ): Promise<CodeRow | undefined> {
    return this.#codes.liveByHash(purpose, hashFor(purpose, '', token), nowIso());
  }

  /** Uses up a token found by peekToken; false when it was used meanwhile. */
  async consume(row: CodeRow): Promise<boolean> {
    return this.#codes.consume(row.tenant_id, row.id, nowIso());
  }

  /** Redeems a bearer token at once; answers whose it was. */
  async redeemToken(
    purpose: Exclude<CodePurpose, 'password_reset'>,
    token: string,
  ): Promise<CodeRow | undefined> {
    const row = await this.peekToken(purpose, token);
    return row && (await this.consume(row)) ? row : undefined;
  }
}
