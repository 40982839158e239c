import { TextInput, type TextInputProps } from '@mantine/core';
import type { OtpCode } from './useOtpCode.ts';

type OtpCodeInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'error'> & { otp: OtpCode };

/** The field for a six-digit one-time code (spaces allowed, hence seven characters). */
export function OtpCodeInput({ otp, ...props }: OtpCodeInputProps) {
  return (
    <TextInput
      {...props}
      {...otp.inputProps}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
    />
  );
}
