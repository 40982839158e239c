import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE } from './languages.ts';
import { translateServerText, type ServerText } from './messageKey.ts';

/**
 * A message the server wrote into an answer's body (a bulk failure, a job's error, an upload's
 * refusal, with its catalogue key and values when it named them): the catalogue's message in the UI
 * language when it is one, else the server's text as it is.
 */
export function useServerMessage() {
  const { t, i18n } = useTranslation('messages');
  return useCallback(
    (said: string | ServerText): string => {
      const text = typeof said === 'string' ? { message: said } : said;
      return (
        translateServerText(i18n.getResourceBundle(FALLBACK_LANGUAGE, 'messages'), t, text) ?? text.message
      );
    },
    [i18n, t],
  );
}
