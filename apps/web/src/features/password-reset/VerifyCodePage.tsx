import { Button, Group, Stack } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth.ts';
import { BackToLoginLink } from '../../components/BackToLogin.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { OtpCodeInput } from '../../components/OtpCodeInput.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useOtpCode } from '../../components/useOtpCode.ts';
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
  const otp = useOtpCode();

  const verify = useMutation({
    mutationFn: authApi.verifyResetCode,
    onSuccess: ({ resetToken }) => {
      const state: ResetState = { resetToken };
      void navigate(PATHS.forgotPasswordReset, { state, replace: true });
    },
    onError: (error) => {
      otp.setError(fieldMessage(error, 'code') ? t('verify.wrongCode') : null);
    },
  });
  const resend = useMutation({
    mutationFn: authApi.forgotPassword,
    onSuccess: () => {
      notifySuccess(t('verify.resent'));
    },
  });

  if (!tenant || !email) return <Navigate to={PATHS.forgotPassword} replace />;

  const otherError = verify.isError && !otp.error ? describe(verify.error) : null;

  return (
    <form
      onSubmit={otp.submitWith((code) => {
        verify.mutate({ tenant, email, code });
      })}
      noValidate
    >
      <Stack>
        <PageHeading title={t('verify.title')} description={t('verify.description', { email })} />
        {otherError && <ErrorAlert>{otherError}</ErrorAlert>}
        <OtpCodeInput otp={otp} label={t('verify.code')} autoFocus required />
        <Button type="submit" loading={verify.isPending} fullWidth>
          {t('verify.submit')}
        </Button>
        <Group justify="space-between">
          <BackToLoginLink />
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
