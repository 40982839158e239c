import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpCodeInput } from '../../components/OtpCodeInput.tsx';
import type { OtpCode } from '../../components/useOtpCode.ts';

interface MfaCodeStepProps {
  otp: OtpCode;
  label: string;
  submitLabel: string;
  /** The submit button in red (turning MFA off). */
  danger?: boolean;
  submitting: boolean;
  autoFocus?: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
  /** What comes before the code field (the QR code to scan). */
  children?: ReactNode;
}

/** A change of the MFA card confirmed with a current code from the authenticator app. */
export function MfaCodeStep(props: MfaCodeStepProps) {
  const { otp, label, submitLabel, danger, submitting, autoFocus, onSubmit, onCancel, children } = props;
  const { t } = useTranslation('common');
  return (
    <form onSubmit={otp.submitWith(onSubmit)} noValidate>
      <Stack>
        {children}
        <OtpCodeInput otp={otp} label={label} maw={240} autoFocus={autoFocus} required />
        <Group>
          <Button type="submit" color={danger ? 'red' : undefined} loading={submitting}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
