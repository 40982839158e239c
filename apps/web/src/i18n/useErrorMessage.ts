import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { FALLBACK_LANGUAGE } from './languages.ts';
import { translateServerText, type ServerText } from './messageKey.ts';

export interface DescribeOptions {
  /** A `ns:key` to show when the error carries no spec message (e.g. 'messages:failedToUpdateUser'). */
  fallbackKey?: string;
}

/** Text for an error in the current language: the spec's message if the server sent one, else by code. */
export function useErrorMessage() {
  const { t, i18n } = useTranslation(['errors', 'messages']);

  const translateServerMessage = useCallback(
    (text: ServerText): string | undefined =>
      translateServerText(i18n.getResourceBundle(FALLBACK_LANGUAGE, 'messages'), t, text),
    [i18n, t],
  );

  const describe = useCallback(
    (error: unknown, options: DescribeOptions = {}): string => {
      if (isApiError(error)) {
        // A 400's message is its field's; that detail may name the message's key and values.
        const detail = error.details.find((d) => d.message === error.message && d.messageId !== undefined);
        const spec = translateServerMessage(detail ?? { message: error.message });
        if (spec) return spec;
        if (options.fallbackKey) return t(options.fallbackKey);
        return t(`errors:codes.${error.code}`);
      }
      return t(options.fallbackKey ?? 'errors:codes.internal');
    },
    [t, translateServerMessage],
  );

  /** The server's message for one field of a 400, translated when it is a catalogue message. */
  const fieldMessage = useCallback(
    (error: unknown, field: string): string | undefined => {
      if (!isApiError(error)) return undefined;
      const detail = error.fieldError(field);
      if (detail === undefined) return undefined;
      return translateServerMessage(detail) ?? detail.message;
    },
    [translateServerMessage],
  );

  return { describe, fieldMessage };
}
