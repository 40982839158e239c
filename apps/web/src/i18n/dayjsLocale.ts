import type { Language } from './languages.ts';

// dayjs has English built in; the others are chunks of their own, fetched for the language in use.
const LOCALES: Record<Language, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  nb: () => import('dayjs/locale/nb'),
  nn: () => import('dayjs/locale/nn'),
  fr: () => import('dayjs/locale/fr'),
};

const loading = new Map<Language, Promise<unknown>>();

/** Registers dayjs's locale for the language (once); the same promise every time, for React's `use`. */
export function dayjsLocale(language: Language): Promise<unknown> {
  let promise = loading.get(language);
  if (!promise) {
    promise = LOCALES[language]();
    loading.set(language, promise);
  }
  return promise;
}
