import { Button, Code, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { meApi } from '../../api/auth.ts';
import { isApiError } from '../../api/errors.ts';
import type { Me, MfaSetup } from '../../api/types.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

interface MfaEnrolmentProps {
  setup: MfaSetup;
  onDone: (me: Me) => void;
  onCancel: () => void;
}

export function MfaEnrolment({ setup, onDone, onCancel }: MfaEnrolmentProps) {
  const { t } = useTranslation('userSettings');
  const { describe } = useErrorMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const enable = useMutation({
    mutationFn: meApi.mfaEnable,
    onSuccess: onDone,
    onError: (failure) => {
      setError(
        isApiError(failure) && failure.code === 'bad_request' ? t('mfa.wrongCode') : describe(failure),
      );
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cleaned = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(cleaned)) {
      setError(t('mfa.codeFormat'));
      return;
    }
    enable.mutate(cleaned);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
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
        <TextInput
          label={t('mfa.code')}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          maw={240}
          required
        />
        <Group>
          <Button type="submit" loading={enable.isPending}>
            {t('mfa.confirm')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
