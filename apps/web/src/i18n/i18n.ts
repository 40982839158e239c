import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  SUPPORTED_LANGUAGES,
  normaliseDetectedLanguage,
  toSupportedLanguage,
} from './languages.ts';
import { dayjsLocale } from './dayjsLocale.ts';
import { initialNamespaces } from './namespaces.ts';

function reflectLanguage(lng: string): void {
  const language = toSupportedLanguage(lng);
  document.documentElement.lang = language;
  // Fetched ahead so that a date input rarely waits for it; a failure shows where a date input uses it.
  dayjsLocale(language).catch(() => undefined);
}

export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', reflectLanguage);
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      ns: initialNamespaces(window.location.pathname),
      defaultNS: 'common',
      // Spec §7/§9: up to 10 parallel reads, 5 retries starting at 350 ms and doubling.
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      backend: {
        loadPath: `/locales/{{lng}}/{{ns}}.json?v=${__LOCALES_VERSION__}`,
      },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        caches: ['localStorage'],
        convertDetectedLanguage: normaliseDetectedLanguage,
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export { i18n };
