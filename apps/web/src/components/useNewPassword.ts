import { useState } from 'react';
import { validateNewPassword, type NewPasswordError } from './passwordRules.ts';

export interface NewPasswordErrors {
  password: NewPasswordError | null;
  confirmation: NewPasswordError | null;
}

const NO_ERRORS: NewPasswordErrors = { password: null, confirmation: null };

/** A new password typed twice, with the errors of the password rules. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>(NO_ERRORS);
  return {
    password,
    confirmation,
    errors,
    setPassword,
    setConfirmation,
    /** Shows what breaks the rules; true when the password may be sent. */
    validate: (): boolean => {
      const next = validateNewPassword(password, confirmation);
      setErrors(next);
      return !next.password && !next.confirmation;
    },
    /** The server refused the password (it applies the same length rule). */
    rejectPassword: () => {
      setErrors((e) => ({ ...e, password: 'tooShort' }));
    },
    clear: () => {
      setPassword('');
      setConfirmation('');
      setErrors(NO_ERRORS);
    },
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;
