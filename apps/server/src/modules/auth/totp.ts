import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export const newTotpSecret = (): string => generateSecret();

export async function totpEnrolment(secret: string, issuer: string, account: string) {
  const otpauthUrl = generateURI({ issuer, label: account, secret });
  return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl) };
}

/** Accepts the current code and the one before or after, for clocks that drift by a step. */
export async function verifyTotp(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  return result.valid;
}
