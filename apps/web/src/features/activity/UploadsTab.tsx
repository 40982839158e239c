import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { uploadsApi } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListPanel } from '../../components/ListPanel.tsx';
import { uploadsPollInterval } from './tabs.ts';
import { UploadsTable } from './UploadsTable.tsx';
import { usePolledPage } from './usePolledPage.ts';

/** Upload tab: the caller's uploads, refreshed every 5 s while one is still uploading. */
export function UploadsTab() {
  const { t } = useTranslation('activity');
  const { list, paging } = usePolledPage(queryKeys.uploadList, uploadsApi.list, uploadsPollInterval);
  return (
    <Stack>
      <div>
        <Title order={2} size="h4">
          {t('uploads.history')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('uploads.historyDescription')}
        </Text>
      </div>
      <ListPanel
        list={list}
        empty={<EmptyState title={t('uploads.empty.title')} description={t('uploads.empty.description')} />}
      >
        {(records) => <UploadsTable records={records} />}
      </ListPanel>
      <ListFooter {...paging} count={list.data ? t('uploads.count', { count: list.data.total }) : ''} />
    </Stack>
  );
}
