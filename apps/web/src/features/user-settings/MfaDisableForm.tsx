import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { meApi } from '../../api/auth.ts';
import { isApiError } from '../../api/errors.ts';
import type { Me } from '../../api/types.ts';
import { useOtpCode } from '../../components/useOtpCode.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { MfaCodeStep } from './MfaCodeStep.tsx';

/** Turning MFA off needs a current code; the server refuses (403) while the tenant enforces MFA. */
export function MfaDisableForm({ onDone, onCancel }: { onDone: (me: Me) => void; onCancel: () => void }) {
  const { t } = useTranslation('userSettings');
  const { describe } = useErrorMessage();
  const otp = useOtpCode();

  const disable = useMutation({
    mutationFn: meApi.mfaDisable,
    onSuccess: onDone,
    onError: (failure) => {
      if (isApiError(failure) && failure.code === 'bad_request') otp.setError(t('mfa.wrongCode'));
      else if (isApiError(failure) && failure.code === 'forbidden')
        otp.setError(t('mfa.enforcedCannotDisable'));
      else otp.setError(describe(failure));
    },
  });

  return (
    <MfaCodeStep
      otp={otp}
      label={t('mfa.codeToDisable')}
      submitLabel={t('mfa.disable')}
      danger
      submitting={disable.isPending}
      autoFocus
      onSubmit={(code) => {
        disable.mutate(code);
      }}
      onCancel={onCancel}
    />
  );
}
