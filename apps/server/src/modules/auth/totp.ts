import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export const newTotpSecret = (): string => generateSecret();

export async function totpEnrolment(secret: string, issuer: string, account: string) {
  const otpauthUrl = generateURI({ issuer, label: account, secret });
  return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl) };
}

/**
 * Accepts the current code and the one before or after (clocks drift by a step), but none at or
 * before `afterTimeStep`, so an accepted code cannot be replayed (RFC 6238 §5.2). Answers the
 * matched time step, or undefined.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  afterTimeStep?: number,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(afterTimeStep === undefined ? {} : { afterTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
