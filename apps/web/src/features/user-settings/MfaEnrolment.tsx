import { Button, Code, CopyButton, Group, Image, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { meApi } from '../../api/auth.ts';
import { isApiError } from '../../api/errors.ts';
import type { Me, MfaSetup } from '../../api/types.ts';
import { useOtpCode } from '../../components/useOtpCode.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { MfaCodeStep } from './MfaCodeStep.tsx';

interface MfaEnrolmentProps {
  setup: MfaSetup;
  onDone: (me: Me) => void;
  onCancel: () => void;
}

export function MfaEnrolment({ setup, onDone, onCancel }: MfaEnrolmentProps) {
  const { t } = useTranslation('userSettings');
  const { describe } = useErrorMessage();
  const otp = useOtpCode();

  const enable = useMutation({
    mutationFn: meApi.mfaEnable,
    onSuccess: onDone,
    onError: (failure) => {
      otp.setError(
        isApiError(failure) && failure.code === 'bad_request' ? t('mfa.wrongCode') : describe(failure),
      );
    },
  });

  return (
    <MfaCodeStep
      otp={otp}
      label={t('mfa.code')}
      submitLabel={t('mfa.confirm')}
      submitting={enable.isPending}
      onSubmit={(code) => {
        enable.mutate(code);
      }}
      onCancel={onCancel}
    >
      <Text size="sm">{t('mfa.scan')}</Text>
      <Image src={setup.qrDataUrl} alt={t('mfa.qrAlt')} w={200} h={200} fit="contain" />
      <div>
        <Text size="sm">{t('mfa.manual')}</Text>
        <Group gap="xs" mt={4}>
          <Code fz="sm" data-testid="mfa-secret">
            {setup.secret}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy}>
                {copied ? t('mfa.copied') : t('mfa.copySecret')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </div>
    </MfaCodeStep>
  );
}
