import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth.ts';
import { notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { PATHS } from '../../routing/paths.ts';
import type { ResetState } from './resetFlow.ts';

/** Step 2: the e-mailed code proves ownership and yields a reset token. */
export function VerifyCodePage() {
  const { t } = useTranslation('auth');
  const { describe, fieldMessage } = useErrorMessage();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tenant = params.get('tenant') ?? '';
  const email = params.get('email') ?? '';
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const verify = useMutation({
    mutationFn: authApi.verifyResetCode,
    onSuccess: ({ resetToken }) => {
      const state: ResetState = { resetToken };
      void navigate(PATHS.forgotPasswordReset, { state, replace: true });
    },
    onError: (error) => {
      setCodeError(fieldMessage(error, 'code') ? t('verify.wrongCode') : null);
    },
  });
  const resend = useMutation({
    mutationFn: authApi.forgotPassword,
    onSuccess: () => {
      notifySuccess(t('verify.resent'));
    },
  });

  if (!tenant || !email) return <Navigate to={PATHS.forgotPassword} replace />;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cleaned = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(cleaned)) {
      setCodeError(t('mfa.codeFormat'));
      return;
    }
    verify.mutate({ tenant, email, code: cleaned });
  };

  const otherError = verify.isError && !codeError ? describe(verify.error) : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <div>
          <Title order={1} size="h2">
            {t('verify.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('verify.description', { email })}
          </Text>
        </div>
        {otherError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {otherError}
          </Alert>
        )}
        <TextInput
          label={t('verify.code')}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setCodeError(null);
          }}
          error={codeError}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          required
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          {t('verify.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to={PATHS.login} size="sm">
            <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('backToLogin')}
          </Anchor>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconMailForward size={14} />}
            loading={resend.isPending}
            onClick={() => {
              resend.mutate({ tenant, email });
            }}
          >
            {t('verify.resend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
