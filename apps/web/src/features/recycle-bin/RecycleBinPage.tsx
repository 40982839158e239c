import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveTranscoding } from '../../api/events.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { BulkBar } from '../folders/BulkBar.tsx';
import { ItemCollection } from '../folders/ItemCollection.tsx';
import { useRestoreItems, type ItemsInput } from '../folders/useItemActions.tsx';
import { selectionProps, useSelection } from '../folders/useSelection.ts';
import { useViewMode } from '../folders/useViewMode.ts';
import { ViewModeToggle } from '../folders/ViewControls.tsx';
import { useDeletePermanently, useRecycleBin } from './useRecycleBin.ts';

type Dialog = { kind: 'purge'; items: ItemsInput };

const SCREEN_HEIGHT = 'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-lg))';

/** /recycle-bin: deleted items, to restore or to delete for good. */
export function RecycleBinPage() {
  const { t } = useTranslation('recycleBin');
  const { describe } = useErrorMessage();
  const [mode, setMode] = useViewMode();
  const bin = useRecycleBin();
  useLiveTranscoding();
  const order = useMemo(() => bin.items.map((item) => item.id), [bin.items]);
  const selection = useSelection(order, 'recycle-bin');
  const titles = useMemo(() => new Map(bin.items.map((item) => [item.id, item.title])), [bin.items]);
  const restore = useRestoreItems();
  const purge = useDeletePermanently();
  const dialogs = useDialogState<Dialog>();
  const confirm = dialogs.of('purge');
  const count = confirm.data?.items.ids.length ?? 0;
  const onLoadMore = useCallback(() => {
    void bin.query.fetchNextPage();
  }, [bin.query]);

  return (
    <Stack h={SCREEN_HEIGHT} gap="sm" mih={420}>
      <PageHeading title={t('title')} description={t('description')} />
      {selection.ids.length > 0 ? (
        <BulkBar count={selection.ids.length} onClear={selection.clear}>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconRestore size={14} />}
            loading={restore.isPending}
            onClick={() => {
              restore.mutate({ ids: selection.ids, titles }, { onSuccess: selection.clear });
            }}
          >
            {t('restore')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            leftSection={<IconTrashX size={14} />}
            onClick={() => {
              dialogs.open({ kind: 'purge', items: { ids: selection.ids, titles } });
            }}
          >
            {t('deletePermanently')}
          </Button>
        </BulkBar>
      ) : (
        <Group justify="space-between" mih={38}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {bin.query.isPending ? '' : t('count', { count: bin.total })}
          </Text>
          <ViewModeToggle mode={mode} onChange={setMode} />
        </Group>
      )}
      <Paper withBorder style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        {bin.query.isPending ? (
          <LoadingState />
        ) : bin.query.isError ? (
          <Box p="md">
            <ErrorState error={bin.query.error} onRetry={() => void bin.query.refetch()} />
          </Box>
        ) : bin.items.length === 0 ? (
          <EmptyState title={t('empty.title')} description={t('empty.description')} />
        ) : (
          <ItemCollection
            label={t('title')}
            mode={mode}
            folders={[]}
            items={bin.items}
            {...selectionProps(selection)}
            dateColumn="deleted"
            hasMore={bin.query.hasNextPage}
            loadingMore={bin.query.isFetchingNextPage}
            onLoadMore={onLoadMore}
          />
        )}
      </Paper>
      <ConfirmDialog
        opened={confirm.props.opened}
        title={t('confirm.title', { count })}
        message={t('confirm.message', { count })}
        confirmLabel={t('confirm.confirm', { count })}
        loading={purge.isPending}
        error={purge.isError ? describe(purge.error) : undefined}
        onClose={confirm.props.onClose}
        onExitTransitionEnd={() => {
          purge.reset();
          confirm.props.onExitTransitionEnd();
        }}
        onConfirm={() => {
          const items = confirm.data?.items;
          if (!items) return;
          purge.mutate(items, {
            onSuccess: () => {
              selection.clear();
              dialogs.close();
            },
          });
        }}
      />
    </Stack>
  );
}
