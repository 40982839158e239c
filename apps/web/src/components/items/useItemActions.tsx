import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FolderPathEntry } from '../../api/folders.ts';
import { itemsApi, type BulkFailure } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { notifyError, notifySuccess } from '../notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { groupFailures, listTitles } from './bulkFailures.ts';
import { useServerMessage } from '../../i18n/useServerMessage.ts';

/** Undo restores each item with its own request: offered only while that stays cheap. */
export const UNDO_LIMIT = 50;

export interface ItemsInput {
  ids: readonly string[];
  /** Titles for the messages, by id. */
  titles: ReadonlyMap<string, string>;
}

/** Tells about the items a bulk action could not change, one notification per reason. */
function useReportFailures() {
  const { t } = useTranslation('items');
  const serverMessage = useServerMessage();
  return (failed: readonly BulkFailure[], titles: ReadonlyMap<string, string>) => {
    for (const group of groupFailures(failed, (id) => titles.get(id))) {
      const { shown, more } = listTitles(group.titles);
      notifyError(
        more > 0 ? t('failedItemsMore', { titles: shown, count: more }) : shown,
        serverMessage(group.message),
      );
    }
  };
}

export function useMoveItems() {
  const { t } = useTranslation('items');
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const reportFailures = useReportFailures();
  return useMutation({
    mutationFn: ({ ids, folder }: ItemsInput & { folder: FolderPathEntry }) =>
      itemsApi.move([...ids], folder.id),
    onSuccess: (result, { folder, titles }) => {
      if (result.moved.length > 0)
        notifySuccess(t('moved', { count: result.moved.length, folder: folder.name }));
      reportFailures(result.failed, titles);
    },
    onError: (error) => {
      notifyError(describe(error), t('moveFailed'));
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.items }),
  });
}

export function useRestoreItems() {
  const { t } = useTranslation('items');
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids }: ItemsInput) => {
      const results = await Promise.allSettled(ids.map((id) => itemsApi.restore(id)));
      return results.flatMap((result, i) =>
        result.status === 'rejected' ? [{ id: ids[i] ?? '', error: result.reason as unknown }] : [],
      );
    },
    onSuccess: (failures, { ids, titles }) => {
      const restored = ids.length - failures.length;
      if (restored > 0) notifySuccess(t('restored', { count: restored }));
      for (const failure of failures) {
        notifyError(describe(failure.error), titles.get(failure.id) ?? t('restoreFailed'));
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.items }),
  });
}

/** Sends items to the recycle bin; what went is offered back with Undo. */
export function useDeleteItems() {
  const { t } = useTranslation('items');
  const client = useQueryClient();
  const reportFailures = useReportFailures();
  const restore = useRestoreItems();
  return useMutation({
    mutationFn: ({ ids }: ItemsInput) => itemsApi.removeMany([...ids]),
    onSuccess: (result, { titles }) => {
      const count = result.deleted.length;
      if (count > 0) {
        const id = `deleted-${Date.now().toString(36)}`;
        const undo = () => {
          notifications.hide(id);
          restore.mutate({ ids: result.deleted, titles });
        };
        notifications.show({
          id,
          color: 'teal',
          autoClose: 8000,
          message: (
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">{t('deleted', { count })}</Text>
              {count <= UNDO_LIMIT && (
                <Button size="compact-sm" variant="light" onClick={undo}>
                  {t('undo')}
                </Button>
              )}
            </Group>
          ),
        });
      }
      reportFailures(result.failed, titles);
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.items }),
  });
}
