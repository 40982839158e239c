import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageRadios } from '../../components/LanguageRadios.tsx';
import { MailSettingsCard } from '../notifications/MailSettingsCard.tsx';
import { MfaCard } from './MfaCard.tsx';

export function SettingsTab() {
  const { t } = useTranslation('userSettings');
  return (
    <Stack maw={640}>
      <MfaCard />
      <Paper withBorder p="lg" component="section" aria-label={t('settings.languageTitle')}>
        <LanguageRadios />
      </Paper>
      <MailSettingsCard />
    </Stack>
  );
}
