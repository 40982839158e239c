import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconShieldLock } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface MfaCodeFormProps {
  submitting: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/** The second sign-in step when the server answers 401 `mfa_required`. */
export function MfaCodeForm({ submitting, error, onSubmit, onBack }: MfaCodeFormProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cleaned = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(cleaned)) {
      setFieldError(t('mfa.codeFormat'));
      return;
    }
    onSubmit(cleaned);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="mfa-title">
      <Stack>
        <div>
          <Title order={1} size="h2" id="mfa-title">
            {t('mfa.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('mfa.description')}
          </Text>
        </div>
        {error && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('mfa.code')}
          leftSection={<IconShieldLock size={16} />}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setFieldError(null);
          }}
          error={fieldError}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          data-autofocus
          autoFocus
          required
        />
        <Button type="submit" loading={submitting} fullWidth>
          {t('mfa.submit')}
        </Button>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {t('backToLogin')}
        </Button>
      </Stack>
    </form>
  );
}
