import { i18n } from '../../i18n/i18n.ts';
import { intlLocales, toSupportedLanguage } from '../../i18n/languages.ts';
import { formatBytes } from '../item-details/technicalFormat.ts';

/**
 * Uppy's byte formatter (@transloadit/prettier-bytes, binary "KB"), replaced by vite.config.ts's
 * alias with the app's own: decimal units in the UI language ("1.5 MB", "1,5 Mo"), as on every
 * other screen. Same name and arguments as the one it replaces; the unit Uppy never passes is ignored.
 */
export function prettierBytes(bytes: number): string {
  const language = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
  return formatBytes(bytes, intlLocales(language)) ?? String(bytes);
}
