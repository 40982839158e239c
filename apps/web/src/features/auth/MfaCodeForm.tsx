import { Button, Stack } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BackToLoginButton } from '../../components/BackToLogin.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { OtpCodeInput } from '../../components/OtpCodeInput.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useOtpCode } from '../../components/useOtpCode.ts';

interface MfaCodeFormProps {
  submitting: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/** The second sign-in step when the server answers 401 `mfa_required`. */
export function MfaCodeForm({ submitting, error, onSubmit, onBack }: MfaCodeFormProps) {
  const { t } = useTranslation('auth');
  const otp = useOtpCode();

  return (
    <form onSubmit={otp.submitWith(onSubmit)} noValidate aria-labelledby="mfa-title">
      <Stack>
        <PageHeading title={t('mfa.title')} description={t('mfa.description')} titleId="mfa-title" />
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <OtpCodeInput
          otp={otp}
          label={t('mfa.code')}
          leftSection={<IconShieldLock size={16} />}
          data-autofocus
          autoFocus
          required
        />
        <Button type="submit" loading={submitting} fullWidth>
          {t('mfa.submit')}
        </Button>
        <BackToLoginButton onClick={onBack} />
      </Stack>
    </form>
  );
}
