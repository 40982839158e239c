import { MESSAGES, type ShareFieldError } from '@skald/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A share rule's error in the UI language: the spec's messages from `messages`, the rest from `shares`. */
export function useShareErrorText() {
  const { t } = useTranslation(['shares', 'messages']);
  return useCallback(
    (error: Pick<ShareFieldError, 'code' | 'params'>): string =>
      error.code in MESSAGES
        ? t(`messages:${error.code}`)
        : t(`shares:errors.${error.code}`, error.params ?? {}),
    [t],
  );
}

/** The first error of each field, as the form shows them. */
export function errorsByField(
  errors: readonly ShareFieldError[],
): Partial<Record<ShareFieldError['field'], ShareFieldError>> {
  const byField: Partial<Record<ShareFieldError['field'], ShareFieldError>> = {};
  for (const error of errors) byField[error.field] ??= error;
  return byField;
}
