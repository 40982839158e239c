export const SUPPORTED_LANGUAGES = ['en', 'nb', 'nn', 'fr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Browsers may report Norwegian as the macro-language `no` (or `no-NO`); Skald's Norwegian default is
 * Bokmål. Every other code passes through unchanged: i18next keeps only the language part.
 */
export function normaliseDetectedLanguage(code: string): string {
  const lower = code.toLowerCase();
  if (lower === 'no' || lower.startsWith('no-') || lower.startsWith('no_')) return 'nb';
  return code;
}

/** The supported language for any code i18next may report (`nb-NO`, `fr_CA`, `cimode`…). */
export function toSupportedLanguage(code: string | undefined | null): Language {
  if (!code) return FALLBACK_LANGUAGE;
  const base = normaliseDetectedLanguage(code).toLowerCase().split(/[-_]/)[0];
  return isSupportedLanguage(base) ? base : FALLBACK_LANGUAGE;
}

/**
 * Locales for Intl formatting, best first. Browsers that ship without Nynorsk data (Chromium's ICU
 * does) fall back to Bokmål, whose dates and numbers read the same, instead of to English.
 */
export function intlLocales(language: Language): string[] {
  switch (language) {
    case 'nn':
      return ['nn-NO', 'nn', 'nb-NO', 'nb', 'no'];
    case 'nb':
      return ['nb-NO', 'nb', 'no'];
    case 'fr':
      return ['fr-FR', 'fr'];
    case 'en':
      return ['en'];
  }
}
