import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors.ts';
import { publicSharesApi } from '../../api/shares.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

/** A share link's password (spec §5): nothing of the share shows before it. */
export function SharePasswordForm({
  token,
  kind,
  onUnlocked,
}: {
  token: string;
  kind: 'share' | 'uploadRequest';
  onUnlocked: () => void;
}) {
  const { t } = useTranslation('shares');
  const { describe } = useErrorMessage();
  const [password, setPassword] = useState('');
  const unlock = useMutation({
    mutationFn: () => publicSharesApi.unlock(token, password),
    onSuccess: onUnlocked,
  });
  const error = unlock.isError
    ? isApiError(unlock.error) && unlock.error.status === 403
      ? t('public.wrongPassword')
      : describe(unlock.error)
    : undefined;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== '') unlock.mutate();
  };
  return (
    <Paper withBorder p="xl" maw={440} mx="auto" mt="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h3">
            {t(`public.locked.${kind}`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t('public.lockedHint')}
          </Text>
          <PasswordInput
            label={t('public.password')}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
            }}
            error={error}
            autoComplete="off"
            data-autofocus
            required
          />
          <Button type="submit" loading={unlock.isPending}>
            {t('public.open')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
