import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayjsLocale } from './dayjsLocale.ts';

const NOVEMBER = new Date(2026, 10, 15);

describe('dayjs locales', () => {
  it.each([
    ['nb', 'november'],
    ['nn', 'november'],
    ['fr', 'novembre'],
    ['en', 'November'],
  ] as const)('registers %s, so dates can be written in it', async (language, month) => {
    await dayjsLocale(language);
    expect(dayjs(NOVEMBER).locale(language).format('MMMM')).toBe(month);
  });

  it('fetches each locale once: the same promise every time, as React’s `use` needs', () => {
    expect(dayjsLocale('nn')).toBe(dayjsLocale('nn'));
  });
});
