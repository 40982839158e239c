import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE } from './languages.ts';
import { translateServerText } from './messageKey.ts';

/**
 * A message the server wrote into an answer's body (a bulk failure, a job's error, an upload's
 * refusal): the catalogue's message in the UI language when it is one, else the server's text as it is.
 */
export function useServerMessage() {
  const { t, i18n } = useTranslation('messages');
  return useCallback(
    (message: string): string =>
      translateServerText(i18n.getResourceBundle(FALLBACK_LANGUAGE, 'messages'), t, { message }) ?? message,
    [i18n, t],
  );
}
