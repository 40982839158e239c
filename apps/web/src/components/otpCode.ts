/** One-time codes (the authenticator app's TOTP, the e-mailed reset code) have six digits. */
const OTP_CODE = /^\d{6}$/;

/** The code without the spaces people type or paste along ("123 456"); null unless it is six digits. */
export function normaliseOtpCode(input: string): string | null {
  const cleaned = input.replace(/\s+/g, '');
  return OTP_CODE.test(cleaned) ? cleaned : null;
}
