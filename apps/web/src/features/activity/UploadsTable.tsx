import { ActionIcon, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UploadRecord } from '../../api/items.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { itemDetailsPath } from '../../routing/paths.ts';
import { FileCell, SizeCell, TimeCell } from './TransferCells.tsx';
import { TransferProgress } from './TransferProgress.tsx';
import { UploadStateBadge } from './UploadStateBadge.tsx';
import { useServerMessage } from '../../i18n/useServerMessage.ts';

/** The caller's uploads as the server recorded them, newest first. */
export function UploadsTable({ records }: { records: UploadRecord[] }) {
  const { t } = useTranslation('activity');
  const serverMessage = useServerMessage();

  return (
    <DataTable
      label={t('uploads.history')}
      testId="uploads-table"
      minWidth={820}
      columns={[
        t('columns.file'),
        t('columns.size'),
        t('columns.state'),
        t('columns.started'),
        t('columns.finished'),
      ]}
      actionsLabel={t('columns.actions')}
    >
      {records.map((record) => (
        <Table.Tr key={record.id} data-upload-id={record.id} data-state={record.state}>
          <FileCell name={record.filename} maw={320} strong>
            {record.error && (
              <Text size="xs" c="red">
                {serverMessage(record.error)}
              </Text>
            )}
          </FileCell>
          <SizeCell size={record.size} />
          <Table.Td miw={160}>
            <Stack gap={4}>
              <UploadStateBadge state={record.state} />
              {record.state === 'uploading' && (
                <TransferProgress
                  done={record.offset}
                  total={record.size}
                  label={t('uploads.progressOf', { name: record.filename })}
                />
              )}
            </Stack>
          </Table.Td>
          <TimeCell at={record.createdAt} />
          <TimeCell at={record.completedAt} />
          <Table.Td>
            <RowActions>
              {record.itemId && (
                <Tooltip label={t('openItem')}>
                  <ActionIcon
                    variant="subtle"
                    component={Link}
                    to={itemDetailsPath(record.itemId)}
                    aria-label={t('openItemNamed', { name: record.filename })}
                  >
                    <IconExternalLink size={16} />
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
