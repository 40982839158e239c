import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meApi } from '../../api/auth.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { Me } from '../../api/types.ts';
import { notifySuccess } from '../../components/notify.ts';
import { MfaDisableForm } from './MfaDisableForm.tsx';
import { MfaEnrolment } from './MfaEnrolment.tsx';

/** Two-factor authentication (TOTP): enrol with a QR code and a confirming code, or turn it off. */
export function MfaCard() {
  const { t } = useTranslation('userSettings');
  const me = useCurrentUser();
  const client = useQueryClient();
  const [disabling, setDisabling] = useState(false);

  const setup = useMutation({ mutationFn: meApi.mfaSetup });

  const applyMe = (answer: Me) => {
    client.setQueryData(queryKeys.me, answer);
  };

  return (
    <Paper withBorder p="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('mfa.title')}
          </Title>
          {me.user.mfaEnabled ? (
            <Badge color="teal" leftSection={<IconShieldCheck size={12} />}>
              {t('mfa.on')}
            </Badge>
          ) : (
            <Badge color="gray">{t('mfa.off')}</Badge>
          )}
        </Group>
        {me.mfaSetupRequired && (
          <Alert color="orange" icon={<IconShieldLock />} title={t('mfa.requiredTitle')} role="alert">
            {t('mfa.requiredText', { tenant: me.tenant.name })}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('mfa.description')}
        </Text>

        {me.user.mfaEnabled ? (
          me.tenant.mfaEnforced ? (
            <Text size="sm">{t('mfa.enforcedCannotDisable')}</Text>
          ) : disabling ? (
            <MfaDisableForm
              onDone={(answer) => {
                applyMe(answer);
                setDisabling(false);
                notifySuccess(t('mfa.disabled'));
              }}
              onCancel={() => {
                setDisabling(false);
              }}
            />
          ) : (
            <Group>
              <Button
                variant="default"
                color="red"
                onClick={() => {
                  setDisabling(true);
                }}
              >
                {t('mfa.disable')}
              </Button>
            </Group>
          )
        ) : setup.data ? (
          <MfaEnrolment
            setup={setup.data}
            onDone={(answer) => {
              applyMe(answer);
              setup.reset();
              notifySuccess(t('mfa.enabled'));
            }}
            onCancel={() => {
              setup.reset();
            }}
          />
        ) : (
          <Stack gap="xs" align="flex-start">
            {setup.isError && (
              <Text size="sm" c="red" role="alert">
                {t('mfa.setupFailed')}
              </Text>
            )}
            <Button
              leftSection={<IconShieldLock size={16} />}
              loading={setup.isPending}
              onClick={() => {
                setup.mutate();
              }}
            >
              {t('mfa.enable')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
