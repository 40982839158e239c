import { ActionIcon, Anchor, Badge, Button, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconPlayerStop, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/DataTable.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { itemDetailsPath } from '../../routing/paths.ts';
import { useTechnicalFormat } from '../item-details/useTechnicalFormat.ts';
import type { BrowserDownload, BrowserDownloadState } from './downloadState.ts';
import { dismissDownload, saveDownload } from './downloads.ts';
import { FileCell, TimeCell } from './TransferCells.tsx';
import { DownloadOutcome, TransferProgress } from './TransferProgress.tsx';

const COLORS: Record<BrowserDownloadState, string> = {
  downloading: 'blue',
  complete: 'teal',
  failed: 'red',
  cancelled: 'gray',
  handedOff: 'grape',
};

/** Downloads started in this browser tab: progress, then Save; Cancel stops and forgets one. */
export function BrowserDownloadsTable({ downloads }: { downloads: readonly BrowserDownload[] }) {
  const { t } = useTranslation('activity');
  const { bytes } = useTechnicalFormat();

  return (
    <DataTable
      label={t('downloads.inBrowser')}
      testId="browser-downloads-table"
      minWidth={760}
      columns={[t('columns.file'), t('columns.item'), t('columns.state'), t('columns.started')]}
      actionsLabel={t('columns.actions')}
    >
      {downloads.map((download) => (
        <Table.Tr key={download.id} data-download-id={download.id} data-state={download.state}>
          <FileCell name={download.filename} maw={280} strong>
            <Text size="xs" c="dimmed">
              {t(`kinds.${download.kind}`)}
            </Text>
          </FileCell>
          <Table.Td maw={220}>
            <Anchor component={Link} to={itemDetailsPath(download.itemId)} size="sm" lineClamp={1}>
              {download.title}
            </Anchor>
          </Table.Td>
          <Table.Td miw={200}>
            <Stack gap={4}>
              <Badge size="sm" variant="light" color={COLORS[download.state]}>
                {t(`downloads.states.${download.state}`)}
              </Badge>
              {download.state === 'downloading' && (
                <TransferProgress
                  done={download.received}
                  total={download.total}
                  label={t('downloads.progressOf', { name: download.filename })}
                />
              )}
              {download.state === 'complete' && (
                <Text size="xs" c="dimmed">
                  {download.saved
                    ? t('downloads.savedSize', { size: bytes(download.total ?? download.received) })
                    : bytes(download.total ?? download.received)}
                </Text>
              )}
              <DownloadOutcome download={download} />
            </Stack>
          </Table.Td>
          <TimeCell at={new Date(download.startedAt).toISOString()} />
          <Table.Td>
            <RowActions>
              {download.state === 'complete' && (
                <Button
                  size="compact-sm"
                  leftSection={<IconDeviceFloppy size={14} />}
                  onClick={() => {
                    saveDownload(download.id);
                  }}
                  aria-label={t('downloads.saveNamed', { name: download.filename })}
                >
                  {t('downloads.save')}
                </Button>
              )}
              {download.state === 'downloading' ? (
                <Tooltip label={t('common:cancel')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => {
                      dismissDownload(download.id);
                    }}
                    aria-label={t('downloads.cancelNamed', { name: download.filename })}
                  >
                    <IconPlayerStop size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : (
                <Tooltip label={t('downloads.dismiss')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => {
                      dismissDownload(download.id);
                    }}
                    aria-label={t('downloads.dismissNamed', { name: download.filename })}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </RowActions>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
