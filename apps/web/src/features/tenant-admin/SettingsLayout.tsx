import { Stack, Tabs } from '@mantine/core';
import {
  IconForms,
  IconMovie,
  IconSettings,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { NoAccess } from './NoAccess.tsx';
import { settingsTabAt, settingsTabsFor, type SettingsTabKey } from './settingsTabs.ts';

const ICONS: Record<SettingsTabKey, Icon> = {
  users: IconUsers,
  groups: IconUsersGroup,
  system: IconSettings,
  forms: IconForms,
  presets: IconMovie,
};

/**
 * /settings*: users, groups and the system settings for tenant administrators; holders of
 * userManagement.enforceMfa see the system settings only. Later issues add their settings areas
 * (storages, presets…) as tabs and child routes here.
 */
export function SettingsLayout() {
  const { t } = useTranslation('admin');
  const me = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = settingsTabsFor(principalOf(me));
  const current = settingsTabAt(pathname);

  if (tabs.length === 0 || (current && !tabs.some((tab) => tab.key === current.key))) return <NoAccess />;

  return (
    <Stack maw={1200}>
      <PageHeading
        title={t('settings.title')}
        description={t('settings.subtitle', { tenant: me.tenant.name })}
      />
      <Tabs
        value={current?.path ?? null}
        onChange={(value) => {
          if (value) void navigate(value);
        }}
      >
        <Tabs.List aria-label={t('settings.title')}>
          {tabs.map((tab) => {
            const TabIcon = ICONS[tab.key];
            return (
              <Tabs.Tab key={tab.key} value={tab.path} leftSection={<TabIcon size={16} />}>
                {t(`settings.${tab.key}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}

/** /settings itself opens the first tab the user may use. */
export function SettingsIndex() {
  const [first] = settingsTabsFor(principalOf(useCurrentUser()));
  return first ? <Navigate to={first.path} replace /> : null;
}
