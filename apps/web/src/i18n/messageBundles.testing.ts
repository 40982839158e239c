import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';

/** For tests: a language's `messages` namespace, as the locale file holds it. */
export function messagesBundle(language: string): Record<string, string> {
  const url = new URL(`../../public/locales/${language}/messages.json`, import.meta.url);
  return JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Record<string, string>;
}

/** For tests: the app's own i18next set-up (interpolation as in i18n.ts) over the real locale files. */
export function messagesT(language: string): (key: string) => string {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    resources: { en: { messages: messagesBundle('en') }, [language]: { messages: messagesBundle(language) } },
    interpolation: { escapeValue: false },
  });
  return (key: string): string => i18n.t(key);
}
