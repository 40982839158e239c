import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth.ts';
import { notifySuccess } from '../../components/notify.ts';
import {
  PASSWORD_MIN_LENGTH,
  validateNewPassword,
  type NewPasswordError,
} from '../../components/passwordRules.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

interface Errors {
  current: string | null;
  password: NewPasswordError | null;
  confirmation: NewPasswordError | null;
}

const NO_ERRORS: Errors = { current: null, password: null, confirmation: null };

export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const { describe, fieldMessage } = useErrorMessage();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);

  const change = useMutation({
    mutationFn: authApi.changePassword,
    onSuccess: () => {
      setCurrent('');
      setPassword('');
      setConfirmation('');
      setErrors(NO_ERRORS);
      notifySuccess(t('change.done'));
    },
    onError: (error) => {
      if (fieldMessage(error, 'currentPassword'))
        setErrors((e) => ({ ...e, current: t('change.wrongCurrent') }));
      if (fieldMessage(error, 'newPassword')) setErrors((e) => ({ ...e, password: 'tooShort' }));
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = validateNewPassword(password, confirmation);
    const all: Errors = { current: current === '' ? t('change.currentRequired') : null, ...next };
    setErrors(all);
    if (!all.current && !all.password && !all.confirmation) {
      change.mutate({ currentPassword: current, newPassword: password });
    }
  };

  const message = (error: NewPasswordError | null) =>
    error ? t(`password.${error}`, { count: PASSWORD_MIN_LENGTH }) : null;
  const fieldErrorsShown = errors.current ?? errors.password ?? errors.confirmation;

  return (
    <Stack maw={520}>
      <Stack>
        <div>
          <Title order={1} size="h2">
            {t('change.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('change.description', { count: PASSWORD_MIN_LENGTH })}
          </Text>
        </div>
        <Paper withBorder p="lg">
          <form onSubmit={submit} noValidate>
            <Stack>
              {change.isError && !fieldErrorsShown && (
                <Alert color="red" icon={<IconAlertCircle />} role="alert">
                  {describe(change.error)}
                </Alert>
              )}
              <PasswordInput
                label={t('change.current')}
                value={current}
                onChange={(e) => {
                  setCurrent(e.currentTarget.value);
                }}
                error={errors.current}
                autoComplete="current-password"
                required
              />
              <PasswordInput
                label={t('password.new')}
                value={password}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                }}
                error={message(errors.password)}
                autoComplete="new-password"
                required
              />
              <PasswordInput
                label={t('password.confirm')}
                value={confirmation}
                onChange={(e) => {
                  setConfirmation(e.currentTarget.value);
                }}
                error={message(errors.confirmation)}
                autoComplete="new-password"
                required
              />
              <Group justify="flex-end">
                <Button type="submit" loading={change.isPending}>
                  {t('change.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Stack>
  );
}
