import { generate } from 'otplib';

/**
 * The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. The
 * server accepts each code once and tolerates one step of clock drift, so a test that needs a
 * second code within the same half minute takes the next step's (as a person would wait for it).
 */
export async function totpCode(secret: string, stepsAhead: 0 | 1 = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
}

/**
 * A well-formed code the server refuses: not the code of the current 30-second step, nor of the
 * step before or after (the server accepts those for clocks that drift).
 */
export async function wrongTotpCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set(
    await Promise.all([-60, -30, 0, 30, 60].map((offset) => generate({ secret, epoch: now + offset }))),
  );
  for (let n = 123456; ; n = (n + 111111) % 1_000_000) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
