import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE } from '../../i18n/languages.ts';
import { translateServerText } from '../../i18n/messageKey.ts';

/** A domain rule's English message (spec §5) in the UI language; as written when the catalogue lacks it. */
export function useSpecMessage() {
  const { t, i18n } = useTranslation('messages');
  return useCallback(
    (message: string) =>
      translateServerText(i18n.getResourceBundle(FALLBACK_LANGUAGE, 'messages'), t, { message }) ?? message,
    [i18n, t],
  );
}
