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
    const time = new Intl.DateTimeFormat(locales, { timeStyle: 'medium' });
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      date: (iso: string) => date.format(new Date(iso)),
      /** hh:mm:ss, for times of today (when a list was last refreshed). */
      time: (at: Date | number) => time.format(at),
      number: (n: number) => n.toLocaleString(locales),
    };
  }, [language]);
}
