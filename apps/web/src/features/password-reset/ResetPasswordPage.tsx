import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { authApi } from '../../api/auth.ts';
import { isApiError } from '../../api/errors.ts';
import { useSetSession } from '../../api/session.ts';
import {
  PASSWORD_MIN_LENGTH,
  validateNewPassword,
  type NewPasswordError,
} from '../../components/passwordRules.ts';
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
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{
    password: NewPasswordError | null;
    confirmation: NewPasswordError | null;
  }>({
    password: null,
    confirmation: null,
  });

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
    const next = validateNewPassword(password, confirmation);
    setErrors(next);
    if (!next.password && !next.confirmation) submitReset.mutate({ resetToken: reset.resetToken, password });
  };

  const message = (error: NewPasswordError | null) =>
    error ? t(`password.${error}`, { count: PASSWORD_MIN_LENGTH }) : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <div>
          <Title order={1} size="h2">
            {t('reset.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('reset.description', { count: PASSWORD_MIN_LENGTH })}
          </Text>
        </div>
        {submitReset.isError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {describe(submitReset.error)}
          </Alert>
        )}
        <PasswordInput
          label={t('password.new')}
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
          }}
          error={message(errors.password)}
          autoComplete="new-password"
          autoFocus
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
        <Button type="submit" loading={submitReset.isPending} fullWidth>
          {t('reset.submit')}
        </Button>
        <Anchor component={Link} to={PATHS.login} size="sm" ta="center">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
