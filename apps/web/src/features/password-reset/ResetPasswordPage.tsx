import { Alert, Anchor, Button, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { authApi } from '../../api/auth.ts';
import { isApiError } from '../../api/errors.ts';
import { useSetSession } from '../../api/session.ts';
import { BackToLoginLink } from '../../components/BackToLogin.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { PASSWORD_MIN_LENGTH } from '../../components/passwordRules.ts';
import { useNewPassword } from '../../components/useNewPassword.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { PATHS } from '../../routing/paths.ts';
import { MfaCodeForm } from '../auth/MfaCodeForm.tsx';
import { readResetState } from './resetFlow.ts';

/**
 * Step 3: a new password; the answer signs the user in, and the app goes to / (spec §2). A user
 * with two-factor authentication on is asked for a code first (the server answers mfa_required).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { describe } = useErrorMessage();
  const location = useLocation();
  const navigate = useNavigate();
  const setSession = useSetSession();
  const reset = readResetState(location.state);
  const newPassword = useNewPassword();
  const { password } = newPassword;
  const [mfaStep, setMfaStep] = useState<{ error: string | null } | null>(null);

  const submitReset = useMutation({
    mutationFn: authApi.resetPassword,
    onSuccess: (me) => {
      setSession(me);
      void navigate(PATHS.searchItem, { replace: true });
    },
    onError: (failure, input) => {
      if (isApiError(failure) && failure.code === 'mfa_required') {
        setMfaStep({ error: input.totp ? t('mfa.invalidCode') : null });
      }
    },
  });

  if (!reset) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('reset.title')}
        </Title>
        <Alert color="orange" icon={<IconAlertCircle />}>
          {t('reset.expired')}
        </Alert>
        <Anchor component={Link} to={PATHS.forgotPassword} size="sm">
          {t('reset.startAgain')}
        </Anchor>
      </Stack>
    );
  }

  if (mfaStep) {
    return (
      <MfaCodeForm
        submitting={submitReset.isPending}
        error={mfaStep.error}
        onSubmit={(totp) => {
          submitReset.mutate({ resetToken: reset.resetToken, password, totp });
        }}
        onBack={() => {
          submitReset.reset();
          setMfaStep(null);
        }}
      />
    );
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (newPassword.validate()) submitReset.mutate({ resetToken: reset.resetToken, password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PageHeading
          title={t('reset.title')}
          description={t('reset.description', { count: PASSWORD_MIN_LENGTH })}
        />
        {submitReset.isError && <ErrorAlert>{describe(submitReset.error)}</ErrorAlert>}
        <NewPasswordFields state={newPassword} autoFocus />
        <Button type="submit" loading={submitReset.isPending} fullWidth>
          {t('reset.submit')}
        </Button>
        <BackToLoginLink centered />
      </Stack>
    </form>
  );
}
