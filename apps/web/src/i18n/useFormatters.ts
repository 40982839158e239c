import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocales, toSupportedLanguage } from './languages.ts';

/** Dates and numbers in the UI language, in the browser's time zone. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => {
    const locales = intlLocales(language);
    const dateTime = new Intl.DateTimeFormat(locales, { dateStyle: 'medium', timeStyle: 'short' });
    const date = new Intl.DateTimeFormat(locales, { dateStyle: 'medium' });
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      date: (iso: string) => date.format(new Date(iso)),
      number: (n: number) => n.toLocaleString(locales),
    };
  }, [language]);
}
