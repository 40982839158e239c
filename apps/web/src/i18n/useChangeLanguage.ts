import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { meApi } from '../api/auth.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { Me } from '../api/types.ts';
import { toSupportedLanguage, type Language } from './languages.ts';

/**
 * Switches the UI language. i18next keeps the choice in localStorage; a signed-in user's choice is
 * also saved on the account (PATCH /api/v1/me) so server-sent e-mails can use it.
 */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const current = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);

  const change = useCallback(
    async (language: Language) => {
      await i18n.changeLanguage(language);
      const me = client.getQueryData<Me | null>(queryKeys.me);
      if (me && me.user.language !== language) {
        try {
          client.setQueryData(queryKeys.me, await meApi.update({ language }));
        } catch {
          // The language already changed in this browser; the account keeps its old preference.
        }
      }
    },
    [client, i18n],
  );

  return { current, change };
}
