import { Stack, Tabs } from '@mantine/core';
import { IconKey, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useTabParam } from '../../routing/useTabParam.ts';
import { ApiKeysTab } from '../api-keys/ApiKeysTab.tsx';
import { ProfileTab } from './ProfileTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { resolveTab } from './tabs.ts';

/** /user-settings with the tabs My Profile, Settings and API Keys, selected by `?tab=`. */
export function UserSettingsPage() {
  const { t } = useTranslation('userSettings');
  const me = useCurrentUser();
  const [rawTab, select] = useTabParam();
  const apiKeys = hasPermission(me, 'general.apiKeys');
  const tab = resolveTab(rawTab, { apiKeys, mfaSetupRequired: me.mfaSetupRequired });

  return (
    <Stack maw={1100}>
      <PageHeading title={t('title')} description={t('subtitle')} />
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List aria-label={t('title')}>
          <Tabs.Tab value="profile" leftSection={<IconUserCircle size={16} />} disabled={me.mfaSetupRequired}>
            {t('tabs.profile')}
          </Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />}>
            {t('tabs.settings')}
          </Tabs.Tab>
          {apiKeys && (
            <Tabs.Tab value="apiKeys" leftSection={<IconKey size={16} />} disabled={me.mfaSetupRequired}>
              {t('tabs.apiKeys')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="profile" pt="lg">
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="lg">
          <SettingsTab />
        </Tabs.Panel>
        {apiKeys && (
          <Tabs.Panel value="apiKeys" pt="lg">
            <ApiKeysTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
