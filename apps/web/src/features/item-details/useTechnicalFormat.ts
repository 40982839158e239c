import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rational } from '../../api/items.ts';
import { intlLocales, toSupportedLanguage } from '../../i18n/languages.ts';
import { formatBitrate, formatBytes, formatFrameRate } from './technicalFormat.ts';

/** Sizes, bitrates and frame rates in the UI language; '—' where there is nothing to show. */
export function useTechnicalFormat() {
  const { i18n } = useTranslation();
  const language = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => {
    const locales = intlLocales(language);
    return {
      bytes: (bytes: number | null) => formatBytes(bytes, locales) ?? '—',
      bitrate: (bps: number | null) => formatBitrate(bps, locales),
      frameRate: (rate: Rational | null) => formatFrameRate(rate, locales),
    };
  }, [language]);
}
