import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useMailSettings } from './useNotifications.ts';

/** Which notifications also come by e-mail (in the language chosen above), kind by kind. */
export function MailSettingsCard() {
  const { t } = useTranslation('notifications');
  const { describe } = useErrorMessage();
  const { settings, save } = useMailSettings();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="mail-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="mail-settings-title">
          {t('settings.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.description')}
        </Text>
        {settings.data?.settings.map((s) => (
          <Switch
            key={s.kind}
            label={t(`settings.kinds.${s.kind}`)}
            checked={s.mail}
            onChange={(event) => {
              save.mutate([{ kind: s.kind, mail: event.currentTarget.checked }], {
                onError: (error) => {
                  notifyError(describe(error));
                },
              });
            }}
          />
        ))}
      </Stack>
    </Paper>
  );
}
