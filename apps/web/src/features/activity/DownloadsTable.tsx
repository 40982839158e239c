import { ActionIcon, Anchor, Badge, Table, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DownloadRecord } from '../../api/items.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { itemDetailsPath } from '../../routing/paths.ts';
import { startDownloadWithNotice } from './DownloadNotification.tsx';
import { FileCell, SizeCell, TimeCell } from './TransferCells.tsx';

/** The caller's downloads as the server recorded them, newest first; each can be fetched again. */
export function DownloadsTable({ records }: { records: DownloadRecord[] }) {
  const { t } = useTranslation('activity');

  return (
    <DataTable
      label={t('downloads.history')}
      testId="downloads-table"
      minWidth={760}
      columns={[
        t('columns.item'),
        t('columns.kind'),
        t('columns.file'),
        t('columns.size'),
        t('columns.time'),
      ]}
      actionsLabel={t('columns.actions')}
    >
      {records.map((record) => (
        <Table.Tr key={record.id} data-download-id={record.id}>
          <Table.Td maw={260}>
            <Anchor component={Link} to={itemDetailsPath(record.itemId)} size="sm" fw={500} lineClamp={1}>
              {record.title}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Badge size="sm" variant="light" color={record.kind === 'original' ? 'indigo' : 'gray'}>
              {t(`kinds.${record.kind}`)}
            </Badge>
          </Table.Td>
          <FileCell name={record.filename} maw={260} />
          <SizeCell size={record.size} />
          <TimeCell at={record.createdAt} />
          <Table.Td>
            <RowActions>
              <Tooltip label={t('downloads.again')}>
                <ActionIcon
                  variant="subtle"
                  onClick={() => {
                    startDownloadWithNotice({
                      itemId: record.itemId,
                      title: record.title,
                      kind: record.kind,
                      size: record.size,
                      filename: record.filename,
                    });
                  }}
                  aria-label={t('downloads.againNamed', { name: record.filename })}
                >
                  <IconDownload size={16} />
                </ActionIcon>
              </Tooltip>
            </RowActions>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
