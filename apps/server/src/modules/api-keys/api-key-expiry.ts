import { MESSAGES } from '@skald/domain';
import { badField } from '../../plugins/errors.ts';
import { DAY } from '../../lib/time.ts';

/** A day (YYYY-MM-DD) or an ISO-8601 date-time; the OpenAPI document gives clients the same pattern. */
export const EXPIRY_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * Reads the expiry of an API key: null is indefinite; a date-only value (YYYY-MM-DD) means
 * "valid through that day" (UTC); a missing, malformed or past date gets the spec's messages.
 */
export function parseExpiry(value: string | null, now: number): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (!EXPIRY_PATTERN.test(trimmed)) throw badField('expiresAt', MESSAGES.selectDate);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(trimmed);
  const ms = dateOnly ? Date.parse(`${trimmed}T00:00:00.000Z`) + DAY : Date.parse(trimmed);
  if (Number.isNaN(ms)) throw badField('expiresAt', MESSAGES.selectDate);
  if (ms <= now) throw badField('expiresAt', MESSAGES.selectFutureDate);
  return new Date(ms).toISOString();
}
