import { Button, Group, Paper, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { PASSWORD_MIN_LENGTH } from '../../components/passwordRules.ts';
import { useNewPassword } from '../../components/useNewPassword.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const { describe, fieldMessage } = useErrorMessage();
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string | null>(null);
  const newPassword = useNewPassword();

  const change = useMutation({
    mutationFn: authApi.changePassword,
    onSuccess: () => {
      setCurrent('');
      setCurrentError(null);
      newPassword.clear();
      notifySuccess(t('change.done'));
    },
    onError: (error) => {
      if (fieldMessage(error, 'currentPassword')) setCurrentError(t('change.wrongCurrent'));
      if (fieldMessage(error, 'newPassword')) newPassword.rejectPassword();
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missingCurrent = current === '' ? t('change.currentRequired') : null;
    setCurrentError(missingCurrent);
    const newPasswordValid = newPassword.validate();
    if (!missingCurrent && newPasswordValid) {
      change.mutate({ currentPassword: current, newPassword: newPassword.password });
    }
  };

  const fieldErrorsShown = currentError ?? newPassword.errors.password ?? newPassword.errors.confirmation;

  return (
    <Stack maw={520}>
      <Stack>
        <PageHeading
          title={t('change.title')}
          description={t('change.description', { count: PASSWORD_MIN_LENGTH })}
        />
        <Paper withBorder p="lg">
          <form onSubmit={submit} noValidate>
            <Stack>
              {change.isError && !fieldErrorsShown && <ErrorAlert>{describe(change.error)}</ErrorAlert>}
              <PasswordField
                label={t('change.current')}
                value={current}
                onChange={(e) => {
                  setCurrent(e.currentTarget.value);
                }}
                error={currentError}
                autoComplete="current-password"
                required
              />
              <NewPasswordFields state={newPassword} />
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
