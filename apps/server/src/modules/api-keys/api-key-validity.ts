import { DAY } from '../../lib/time.ts';
import type { ApiKeyRow } from './api-keys.repository.ts';

type KeyState = Pick<
  ApiKeyRow,
  'active' | 'expires_at' | 'max_inactive_days' | 'last_used_at' | 'timer_reset_at'
>;

/** A key works while active, before its expiry date, and until unused for its threshold of days. */
export function isKeyUsable(key: KeyState, now: number): boolean {
  if (key.active !== 1) return false;
  if (key.expires_at !== null && now >= Date.parse(key.expires_at)) return false;
  if (key.max_inactive_days !== null) {
    const lastActivity = Math.max(
      Date.parse(key.timer_reset_at),
      key.last_used_at ? Date.parse(key.last_used_at) : 0,
    );
    if (now - lastActivity > key.max_inactive_days * DAY) return false;
  }
  return true;
}

export const keyStatus = (key: Pick<ApiKeyRow, 'active'>): 'active' | 'inactive' =>
  key.active === 1 ? 'active' : 'inactive';
