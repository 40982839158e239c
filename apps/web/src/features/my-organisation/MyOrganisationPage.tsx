import { Stack, Tabs } from '@mantine/core';
import { isTenantAdmin } from '@skald/domain';
import { IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useTabParam } from '../../routing/useTabParam.ts';
import { GroupsPage } from '../groups/GroupsPage.tsx';
import { NoAccess } from '../tenant-admin/NoAccess.tsx';
import { UsersPage } from '../users/UsersPage.tsx';
import { resolveOrganizationTab } from './tabs.ts';

/**
 * /my-organisation (spec §2; /my-account leads here): the tenant administrator's page of their
 * organisation, with the groups and the team — the same screens as under /settings.
 */
export function MyOrganisationPage() {
  const { t } = useTranslation('admin');
  const me = useCurrentUser();
  const [rawTab, select] = useTabParam();

  // Spec §6: the tenant administrator sees My Organization.
  if (!isTenantAdmin(principalOf(me))) return <NoAccess description={t('myOrganization.noAccess')} />;

  const tab = resolveOrganizationTab(rawTab);
  return (
    <Stack maw={1200}>
      <PageHeading
        title={t('myOrganization.title')}
        description={t('myOrganization.subtitle', { tenant: me.tenant.name })}
      />
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List aria-label={t('myOrganization.title')}>
          <Tabs.Tab value="groups" leftSection={<IconUsersGroup size={16} />}>
            {t('myOrganization.tabs.groups')}
          </Tabs.Tab>
          <Tabs.Tab value="team" leftSection={<IconUsers size={16} />}>
            {t('myOrganization.tabs.team')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="groups" pt="lg">
          <GroupsPage />
        </Tabs.Panel>
        <Tabs.Panel value="team" pt="lg">
          <UsersPage />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
