import type { SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseOtpCode } from './otpCode.ts';
import { useTextField, type TextField } from './useTextField.ts';

/** A one-time code field; its error also shows the server's answer (a wrong or refused code). */
export interface OtpCode extends TextField {
  /** A form submit handler that sends the six digits, or shows the format error instead. */
  submitWith: (send: (code: string) => void) => (event: SubmitEvent<HTMLFormElement>) => void;
}

export function useOtpCode(): OtpCode {
  const { t } = useTranslation('common');
  const field = useTextField();
  return {
    ...field,
    submitWith: (send) => (event) => {
      event.preventDefault();
      const digits = normaliseOtpCode(field.value);
      if (digits === null) field.setError(t('codeFormat'));
      else send(digits);
    },
  };
}
