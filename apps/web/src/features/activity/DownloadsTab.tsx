import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadsApi } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListPanel } from '../../components/ListPanel.tsx';
import { BrowserDownloadsTable } from './BrowserDownloadsTable.tsx';
import { useBrowserDownloads } from './downloads.ts';
import { DownloadsTable } from './DownloadsTable.tsx';
import { usePolledPage } from './usePolledPage.ts';

/** Download tab: downloads of this browser tab with their progress, then the caller's history. */
export function DownloadsTab() {
  const { t } = useTranslation('activity');
  const browserDownloads = useBrowserDownloads();
  const { list, paging } = usePolledPage(queryKeys.downloadList, downloadsApi.list);
  const client = useQueryClient();

  // The server records a download as it answers it: the history changes as downloads start and end.
  const settled = browserDownloads.filter((d) => d.state !== 'downloading').length;
  useEffect(() => {
    void client.invalidateQueries({ queryKey: queryKeys.downloads });
  }, [client, browserDownloads.length, settled]);

  return (
    <Stack gap="xl">
      <Stack>
        <div>
          <Title order={2} size="h4">
            {t('downloads.inBrowser')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('downloads.inBrowserDescription')}
          </Text>
        </div>
        <Paper withBorder>
          {browserDownloads.length === 0 ? (
            <EmptyState title={t('downloads.noneInBrowser')} />
          ) : (
            <BrowserDownloadsTable downloads={browserDownloads} />
          )}
        </Paper>
      </Stack>
      <Stack>
        <div>
          <Title order={2} size="h4">
            {t('downloads.history')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('downloads.historyDescription')}
          </Text>
        </div>
        <ListPanel
          list={list}
          empty={
            <EmptyState title={t('downloads.empty.title')} description={t('downloads.empty.description')} />
          }
        >
          {(records) => <DownloadsTable records={records} />}
        </ListPanel>
        <ListFooter {...paging} count={list.data ? t('downloads.count', { count: list.data.total }) : ''} />
      </Stack>
    </Stack>
  );
}
