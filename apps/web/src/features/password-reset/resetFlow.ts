import { PATHS } from '../../routing/paths.ts';

export function verifyPath(tenant: string, email: string): string {
  return `${PATHS.forgotPasswordVerify}?${new URLSearchParams({ tenant, email }).toString()}`;
}

/** The reset token travels in the history entry's state, never in the URL (it would end up in logs). */
export interface ResetState {
  resetToken: string;
}

export function readResetState(state: unknown): ResetState | null {
  if (typeof state !== 'object' || state === null) return null;
  const token = (state as Record<string, unknown>).resetToken;
  return typeof token === 'string' && token !== '' ? { resetToken: token } : null;
}
