import dayjs from 'dayjs';
import 'dayjs/locale/nb';
import 'dayjs/locale/nn';
import 'dayjs/locale/fr';
import { describe, expect, it } from 'vitest';
import { capitaliseFirst } from './capitalise.ts';

describe('a label that starts with a month', () => {
  it.each([
    ['nb', 'November 2026', 'Nov.'],
    ['nn', 'November 2026', 'Nov'],
    ['fr', 'Novembre 2026', 'Nov.'],
    ['en', 'November 2026', 'Nov'],
  ])('starts with a capital in %s, as dayjs writes it in lower case', (locale, heading, short) => {
    const date = dayjs('2026-11-25').locale(locale);
    expect(capitaliseFirst(date.format('MMMM YYYY'), locale)).toBe(heading);
    expect(capitaliseFirst(date.format('MMM'), locale)).toBe(short);
  });

  it('keeps what is not a letter, and an empty text', () => {
    expect(capitaliseFirst('2026', 'nb')).toBe('2026');
    expect(capitaliseFirst('', 'nb')).toBe('');
    expect(capitaliseFirst('ønskedag', 'nn')).toBe('Ønskedag');
  });
});
