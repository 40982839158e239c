import dayjs from 'dayjs';

export type ExpiryMode = 'indefinite' | 'date';

/** Keys of the `messages` namespace: the spec's texts 'Please select a date' and '… in the future'. */
export type ExpiryError = 'selectDate' | 'selectFutureDate';

const DAY = 'YYYY-MM-DD';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD string as a local date (dayjs reads zone-less ISO dates as local), or null. */
function parseDay(date: string | null): dayjs.Dayjs | null {
  if (!date || !DAY_PATTERN.test(date)) return null;
  const day = dayjs(date);
  return day.isValid() && day.format(DAY) === date ? day : null;
}

/** Today's date in the browser's time zone, as the date pickers give it (YYYY-MM-DD). */
export function localToday(now: Date = new Date()): string {
  return dayjs(now).format(DAY);
}

/**
 * A key with an expiry date stays valid through that whole (local) day, so the earliest date that
 * is "in the future" is tomorrow.
 */
export function validateExpiry(mode: ExpiryMode, date: string | null, today: string): ExpiryError | null {
  if (mode === 'indefinite') return null;
  const day = parseDay(date);
  if (!day) return 'selectDate';
  return day.isAfter(dayjs(today), 'day') ? null : 'selectFutureDate';
}

/** The `expiresAt` to send: null for indefinite, else the end of the chosen local day in UTC. */
export function expiryToIso(mode: ExpiryMode, date: string | null): string | null {
  const day = mode === 'date' ? parseDay(date) : null;
  return day ? day.endOf('day').toISOString() : null;
}

/** The form's values for a stored `expiresAt`. */
export function expiryFromIso(expiresAt: string | null): { mode: ExpiryMode; date: string | null } {
  if (expiresAt === null) return { mode: 'indefinite', date: null };
  return { mode: 'date', date: dayjs(expiresAt).format(DAY) };
}

/** docs/API.md: `maxInactiveDays` is null (no threshold) or an integer 1–3650. */
export const MAX_INACTIVE_DAYS = { min: 1, max: 3650 } as const;

export type MaxInactiveDaysError = 'maxInactiveDaysRange';

export function validateMaxInactiveDays(value: number | string): MaxInactiveDaysError | null {
  if (value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < MAX_INACTIVE_DAYS.min || n > MAX_INACTIVE_DAYS.max) {
    return 'maxInactiveDaysRange';
  }
  return null;
}

export function maxInactiveDaysToApi(value: number | string): number | null {
  if (value === '') return null;
  return typeof value === 'number' ? value : Number(value);
}
