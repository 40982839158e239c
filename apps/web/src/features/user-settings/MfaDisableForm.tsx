import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { meApi } from '../../api/auth.ts';
import { isApiError } from '../../api/errors.ts';
import type { Me } from '../../api/types.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

/** Turning MFA off needs a current code; the server refuses (403) while the tenant enforces MFA. */
export function MfaDisableForm({ onDone, onCancel }: { onDone: (me: Me) => void; onCancel: () => void }) {
  const { t } = useTranslation('userSettings');
  const { describe } = useErrorMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const disable = useMutation({
    mutationFn: meApi.mfaDisable,
    onSuccess: onDone,
    onError: (failure) => {
      if (isApiError(failure) && failure.code === 'bad_request') setError(t('mfa.wrongCode'));
      else if (isApiError(failure) && failure.code === 'forbidden') setError(t('mfa.enforcedCannotDisable'));
      else setError(describe(failure));
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cleaned = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(cleaned)) {
      setError(t('mfa.codeFormat'));
      return;
    }
    disable.mutate(cleaned);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('mfa.codeToDisable')}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          maw={240}
          autoFocus
          required
        />
        <Group>
          <Button type="submit" color="red" loading={disable.isPending}>
            {t('mfa.disable')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
