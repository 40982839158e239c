import { describe, expect, it } from 'vitest';
import { intlLocales, normaliseDetectedLanguage, toSupportedLanguage } from './languages.ts';

describe('language resolution', () => {
  it.each([
    ['nb-NO', 'nb'],
    ['nn', 'nn'],
    ['nn-NO', 'nn'],
    ['fr-CA', 'fr'],
    ['fr_BE', 'fr'],
    ['en-GB', 'en'],
    ['no', 'nb'],
    ['no-NO', 'nb'],
    ['de-DE', 'en'],
    ['cimode', 'en'],
    [undefined, 'en'],
  ])('%s is shown as %s', (code, expected) => {
    expect(toSupportedLanguage(code)).toBe(expected);
  });

  it('maps only the Norwegian macro-language, not languages starting with "no"', () => {
    expect(normaliseDetectedLanguage('no')).toBe('nb');
    expect(normaliseDetectedLanguage('nog')).toBe('nog');
    expect(normaliseDetectedLanguage('nn-NO')).toBe('nn-NO');
  });
});

describe('Intl locales', () => {
  it('falls back from Nynorsk to Bokmål, never straight to English', () => {
    const locales = intlLocales('nn');
    expect(locales[0]).toBe('nn-NO');
    expect(locales).toContain('nb');
    expect(locales).not.toContain('en');
  });

  it('formats with a locale the runtime knows for every UI language', () => {
    for (const language of ['en', 'nb', 'nn', 'fr'] as const) {
      const resolved = new Intl.DateTimeFormat(intlLocales(language)).resolvedOptions().locale;
      expect(resolved.startsWith('en') && language !== 'en').toBe(false);
    }
  });
});
