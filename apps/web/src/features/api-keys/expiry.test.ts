import { describe, expect, it } from 'vitest';
import {
  expiryFromIso,
  expiryToIso,
  maxInactiveDaysToApi,
  validateExpiry,
  validateMaxInactiveDays,
} from './expiry.ts';

describe('API key expiry validation', () => {
  const today = '2026-03-10';

  it('accepts an indefinite expiry without a date', () => {
    expect(validateExpiry('indefinite', null, today)).toBeNull();
  });

  it.each([null, '', 'not a date', '2026-02-30'])('asks for a date when the date is %j', (date) => {
    expect(validateExpiry('date', date, today)).toBe('selectDate');
  });

  it.each(['2026-03-09', '2026-03-10', '2020-01-01'])('asks for a future date for %s', (date) => {
    expect(validateExpiry('date', date, today)).toBe('selectFutureDate');
  });

  it.each(['2026-03-11', '2027-01-01'])('accepts %s, after today', (date) => {
    expect(validateExpiry('date', date, today)).toBeNull();
  });
});

describe('API key expiry conversion', () => {
  it('sends null for an indefinite key, whatever date is left in the form', () => {
    expect(expiryToIso('indefinite', '2026-05-01')).toBeNull();
  });

  it('sends the end of the chosen local day', () => {
    const iso = expiryToIso('date', '2026-05-01');
    expect(iso).not.toBeNull();
    const sent = new Date(iso ?? '');
    const endOfDay = new Date(2026, 4, 1, 23, 59, 59, 999);
    expect(sent.getTime()).toBe(endOfDay.getTime());
  });

  it('reads a stored expiry back as the same local date', () => {
    const iso = expiryToIso('date', '2026-12-31');
    expect(expiryFromIso(iso)).toEqual({ mode: 'date', date: '2026-12-31' });
    expect(expiryFromIso(null)).toEqual({ mode: 'indefinite', date: null });
  });
});

describe('maximum inactive days', () => {
  it.each([1, 30, 3650, ''])('accepts %j', (value) => {
    expect(validateMaxInactiveDays(value)).toBeNull();
  });

  it.each([0, -1, 3651, 2.5])('refuses %j', (value) => {
    expect(validateMaxInactiveDays(value)).toBe('maxInactiveDaysRange');
  });

  it('sends null when empty (no threshold)', () => {
    expect(maxInactiveDaysToApi('')).toBeNull();
    expect(maxInactiveDaysToApi(90)).toBe(90);
  });
});
