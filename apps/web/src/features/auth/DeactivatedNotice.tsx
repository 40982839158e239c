import { Alert, Text } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec §8: 'Your account is currently deactivated' (contact your administrator). */
export function DeactivatedNotice() {
  const { t } = useTranslation('messages');
  return (
    <Alert color="orange" icon={<IconUserOff />} title={t('accountDeactivated')} role="alert">
      <Text size="sm">{t('contactAdministrator')}</Text>
    </Alert>
  );
}
