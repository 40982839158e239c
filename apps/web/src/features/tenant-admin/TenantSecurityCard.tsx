import { Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tenantApi } from '../../api/admin.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

/** The organisation's security: enforce MFA for every (non-external) user. */
export function TenantSecurityCard() {
  const { t } = useTranslation('admin');
  const { describe } = useErrorMessage();
  const me = useCurrentUser();
  const client = useQueryClient();

  const update = useMutation({
    mutationFn: tenantApi.updateSecurity,
    onSuccess: (tenant) => {
      notifySuccess(tenant.mfaEnforced ? t('security.enforced') : t('security.notEnforced'));
      // The current user's own answer (mfaSetupRequired, tenant) changes with it.
      void client.invalidateQueries({ queryKey: queryKeys.me });
    },
    onError: (error) => {
      notifyError(describe(error));
    },
  });

  const checked = update.isPending ? update.variables.mfaEnforced : me.tenant.mfaEnforced;

  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Group wrap="nowrap" align="flex-start">
          <IconShieldLock size={22} style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2}>
            <Title order={2} size="h5">
              {t('security.title')}
            </Title>
            <Text size="sm" c="dimmed" maw={640}>
              {t('security.description')}
            </Text>
          </Stack>
        </Group>
        <Switch
          checked={checked}
          disabled={update.isPending}
          onChange={(e) => {
            update.mutate({ mfaEnforced: e.currentTarget.checked });
          }}
          label={t('security.enforceMfa')}
          labelPosition="left"
        />
      </Group>
    </Paper>
  );
}
