import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowUp, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Item, ItemVersion } from '../../api/items.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { RowActions } from '../../components/RowActions.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { FileCell, SizeCell, TimeCell } from '../activity/TransferCells.tsx';
import { ClipSource, RenderSource } from './ClipSource.tsx';
import type { Availability } from './itemActions.ts';
import { useBlockedReason } from './useBlockedReason.ts';
import type { ItemMutations } from './useItemMutations.ts';

interface RelationsTabProps {
  item: Item;
  /** Downloading a version's original. */
  download: Availability;
  onDownload: (version: ItemVersion) => void;
  canPromote: boolean;
  promote: ItemMutations['promote'];
}

/**
 * Relations: the item a virtual clip plays or a render was made from, and the item's versions,
 * newest first; the leading one is marked, older ones can be promoted.
 */
export function RelationsTab({ item, download, onDownload, canPromote, promote }: RelationsTabProps) {
  const { t } = useTranslation('itemDetails');
  const { describe } = useErrorMessage();
  const blockedReason = useBlockedReason()(download);
  const versions = [...item.versions].sort((a, b) => b.number - a.number);

  const promoteVersion = (version: ItemVersion) => {
    promote.mutate(version.id, {
      onSuccess: () => {
        notifySuccess(t('versions.promoted', { number: version.number }));
      },
      onError: (error) => {
        notifyError(describe(error), t('versions.promoteFailed'));
      },
    });
  };

  return (
    <Stack>
      {item.virtualClip && <ClipSource clip={item.virtualClip} />}
      {item.renderedFrom && <RenderSource from={item.renderedFrom} />}
      <div>
        <Title order={2} size="h4">
          {t('versions.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('versions.description')}
        </Text>
      </div>
      <Paper withBorder>
        {versions.length === 0 ? (
          <EmptyState title={t('versions.empty')} />
        ) : (
          <DataTable
            label={t('versions.title')}
            testId="versions-table"
            minWidth={760}
            columns={[
              t('versions.columns.version'),
              t('versions.columns.file'),
              t('versions.columns.size'),
              t('versions.columns.createdBy'),
              t('versions.columns.created'),
            ]}
            actionsLabel={t('versions.columns.actions')}
          >
            {versions.map((version) => (
              <Table.Tr key={version.id} data-version={version.number} data-leading={version.isLeading}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {t('versions.number', { number: version.number })}
                    </Text>
                    {version.isLeading && (
                      <Badge size="sm" color="teal" variant="light">
                        {t('versions.leading')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <FileCell name={version.filename} maw={280} />
                <SizeCell size={version.size} />
                <Table.Td>
                  <Text size="sm">{version.createdBy.name}</Text>
                </Table.Td>
                <TimeCell at={version.createdAt} />
                <Table.Td>
                  <RowActions>
                    {canPromote && !version.isLeading && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconArrowUp size={14} />}
                        loading={promote.isPending && promote.variables === version.id}
                        disabled={promote.isPending}
                        onClick={() => {
                          promoteVersion(version);
                        }}
                        aria-label={t('versions.promoteNamed', { number: version.number })}
                      >
                        {t('versions.promote')}
                      </Button>
                    )}
                    {download.shown && (
                      <Tooltip label={blockedReason ?? t('versions.download')}>
                        <ActionIcon
                          variant="subtle"
                          disabled={blockedReason !== null}
                          onClick={() => {
                            onDownload(version);
                          }}
                          aria-label={t('versions.downloadNamed', { number: version.number })}
                        >
                          <IconDownload size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Paper>
    </Stack>
  );
}
