import { Stack, Tabs } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useTabParam } from '../../routing/useTabParam.ts';
import { DownloadsTab } from './DownloadsTab.tsx';
import { resolveActivityTab, type ActivityAccess } from './tabs.ts';
import { UploadsTab } from './UploadsTab.tsx';

/** /activity: the activity monitor, its tabs (upload, download) by `?tab=` and the user's permissions. */
export function ActivityPage() {
  const { t } = useTranslation('activity');
  const me = useCurrentUser();
  const [rawTab, select] = useTabParam();
  const access: ActivityAccess = {
    upload: hasPermission(me, 'systemActivity.upload'),
    download: hasPermission(me, 'systemActivity.download'),
  };
  const tab = resolveActivityTab(rawTab, access);

  return (
    <Stack maw={1200}>
      <PageHeading title={t('title')} description={t('subtitle')} />
      {tab === null ? (
        <EmptyState title={t('noAccess.title')} description={t('noAccess.description')} />
      ) : (
        <Tabs value={tab} onChange={select} keepMounted={false}>
          <Tabs.List aria-label={t('title')}>
            {access.upload && (
              <Tabs.Tab value="upload" leftSection={<IconUpload size={16} />}>
                {t('tabs.upload')}
              </Tabs.Tab>
            )}
            {access.download && (
              <Tabs.Tab value="download" leftSection={<IconDownload size={16} />}>
                {t('tabs.download')}
              </Tabs.Tab>
            )}
          </Tabs.List>
          {access.upload && (
            <Tabs.Panel value="upload" pt="lg">
              <UploadsTab />
            </Tabs.Panel>
          )}
          {access.download && (
            <Tabs.Panel value="download" pt="lg">
              <DownloadsTab />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </Stack>
  );
}
