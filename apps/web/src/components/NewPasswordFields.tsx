import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField.tsx';
import { PASSWORD_MIN_LENGTH, type NewPasswordError } from './passwordRules.ts';
import type { NewPassword } from './useNewPassword.ts';

/** The new password and its confirmation (password change and password reset). */
export function NewPasswordFields({ state, autoFocus }: { state: NewPassword; autoFocus?: boolean }) {
  const { t } = useTranslation('auth');
  const message = (error: NewPasswordError | null) =>
    error ? t(`password.${error}`, { count: PASSWORD_MIN_LENGTH }) : null;
  return (
    <>
      <PasswordField
        label={t('password.new')}
        value={state.password}
        onChange={(e) => {
          state.setPassword(e.currentTarget.value);
        }}
        error={message(state.errors.password)}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
      />
      <PasswordField
        label={t('password.confirm')}
        value={state.confirmation}
        onChange={(e) => {
          state.setConfirmation(e.currentTarget.value);
        }}
        error={message(state.errors.confirmation)}
        autoComplete="new-password"
        required
      />
    </>
  );
}
