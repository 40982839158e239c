import { Stack, Tabs } from '@mantine/core';
import { IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../api/currentUser.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { PATHS } from '../../routing/paths.ts';
import { NoAccess } from './NoAccess.tsx';

/**
 * /settings*: for now the users and groups administration of tenant administrators. Later issues add
 * their settings areas (system settings, storages, presets…) as tabs and child routes here.
 */
export function SettingsLayout() {
  const { t } = useTranslation('admin');
  const me = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  if (!me.roles.tenantAdmin) return <NoAccess />;

  const tab = pathname.startsWith(PATHS.settingsGroups) ? PATHS.settingsGroups : PATHS.settingsUsers;

  return (
    <Stack maw={1200}>
      <PageHeading
        title={t('settings.title')}
        description={t('settings.subtitle', { tenant: me.tenant.name })}
      />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value) void navigate(value);
        }}
      >
        <Tabs.List aria-label={t('settings.title')}>
          <Tabs.Tab value={PATHS.settingsUsers} leftSection={<IconUsers size={16} />}>
            {t('settings.users')}
          </Tabs.Tab>
          <Tabs.Tab value={PATHS.settingsGroups} leftSection={<IconUsersGroup size={16} />}>
            {t('settings.groups')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
