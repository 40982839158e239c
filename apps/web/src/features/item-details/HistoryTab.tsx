import { Paper, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowUp,
  IconCircleCheck,
  IconDownload,
  IconFolderShare,
  IconForms,
  IconTimelineEvent,
  IconLock,
  IconMovie,
  IconPencil,
  IconPlayerPlay,
  IconPlus,
  IconPoint,
  IconRefresh,
  IconRestore,
  IconStack2,
  IconTrash,
  IconUpload,
  type Icon,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { foldersApi } from '../../api/folders.ts';
import { itemsApi, type HistoryAction, type HistoryEntry } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListPanel } from '../../components/ListPanel.tsx';
import { usePagedList, type PageWindow } from '../../components/usePagedList.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { useServerMessage } from '../../i18n/useServerMessage.ts';
import { TimeToSearchable } from '../analysis/TimeToSearchable.tsx';
import { historyActionKey, historyDetail, isHistoryAction } from './historyLabels.ts';

const BULLETS: Record<HistoryAction, { icon: Icon; color: string }> = {
  created: { icon: IconPlus, color: 'blue' },
  uploaded: { icon: IconUpload, color: 'blue' },
  versionAdded: { icon: IconStack2, color: 'blue' },
  versionPromoted: { icon: IconArrowUp, color: 'blue' },
  renamed: { icon: IconPencil, color: 'gray' },
  described: { icon: IconPencil, color: 'gray' },
  moved: { icon: IconFolderShare, color: 'gray' },
  accessChanged: { icon: IconLock, color: 'gray' },
  transcodeStarted: { icon: IconPlayerPlay, color: 'gray' },
  transcodeCompleted: { icon: IconCircleCheck, color: 'teal' },
  transcodeFailed: { icon: IconAlertTriangle, color: 'red' },
  reprocessed: { icon: IconRefresh, color: 'gray' },
  metadataChanged: { icon: IconForms, color: 'blue' },
  deleted: { icon: IconTrash, color: 'orange' },
  restored: { icon: IconRestore, color: 'teal' },
  downloaded: { icon: IconDownload, color: 'gray' },
  logEventAdded: { icon: IconTimelineEvent, color: 'blue' },
  logEventChanged: { icon: IconTimelineEvent, color: 'gray' },
  logEventDeleted: { icon: IconTimelineEvent, color: 'orange' },
  analysisStarted: { icon: IconPlayerPlay, color: 'gray' },
  analysisCompleted: { icon: IconCircleCheck, color: 'teal' },
  analysisFailed: { icon: IconAlertTriangle, color: 'red' },
  sequenceEdited: { icon: IconMovie, color: 'blue' },
};

function Bullet({ action }: { action: string }) {
  const { icon: BulletIcon, color } = isHistoryAction(action)
    ? BULLETS[action]
    : { icon: IconPoint, color: 'gray' };
  return (
    <ThemeIcon size={24} radius="xl" variant="light" color={color}>
      <BulletIcon size={14} />
    </ThemeIcon>
  );
}

/** A folder's name for a history line; the id's start while it loads or when it is gone. */
function useFolderName(id: string | undefined): string {
  const folder = useQuery({
    queryKey: queryKeys.folder(id ?? ''),
    queryFn: ({ signal }) => foldersApi.get(id ?? '', signal),
    enabled: id !== undefined,
    retry: false,
  });
  return folder.data?.name ?? (id ? `${id.slice(0, 8)}…` : '');
}

function EntryDetail({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation('itemDetails');
  const serverMessage = useServerMessage();
  const detail = historyDetail(entry);
  const from = useFolderName(detail?.folders?.from);
  const to = useFolderName(detail?.folders?.to);
  if (!detail) return null;
  const values = detail.folders ? { ...detail.values, from, to } : detail.values;
  return (
    <Text size="sm" c={detail.serverMessage ? 'red' : undefined}>
      {detail.serverMessage ? serverMessage(detail.serverMessage) : t(detail.key, values)}
    </Text>
  );
}

/** History: who did what to the item and when, newest first, a page at a time. */
export function HistoryTab({ itemId }: { itemId: string }) {
  const { t } = useTranslation('itemDetails');
  const format = useFormatters();
  const { list, paging } = usePagedList(
    {},
    (params: PageWindow) => [...queryKeys.itemHistory(itemId), params],
    (params, signal) => itemsApi.history(itemId, params, signal),
  );
  // A change made through a share's link has no user: the share is named instead.
  const byShare = (entry: { details: Record<string, unknown> }) => {
    const share = entry.details.share as { title?: unknown } | undefined;
    return typeof share?.title === 'string' ? t('history.byShare', { title: share.title }) : undefined;
  };

  return (
    <Stack>
      <TimeToSearchable itemId={itemId} />
      <ListPanel list={list} empty={<EmptyState title={t('history.empty')} />}>
        {(entries) => (
          <Paper p="lg">
            <Timeline bulletSize={24} lineWidth={2} data-testid="item-history">
              {entries.map((entry) => (
                <Timeline.Item
                  key={entry.id}
                  data-action={entry.action}
                  bullet={<Bullet action={entry.action} />}
                  title={
                    <Text size="sm" fw={600}>
                      {t(historyActionKey(entry.action), { action: entry.action })}
                    </Text>
                  }
                >
                  <EntryDetail entry={entry} />
                  <Text size="xs" c="dimmed" mt={2}>
                    {t('history.byAt', {
                      who: entry.actor?.name ?? byShare(entry) ?? t('history.system'),
                      when: format.dateTime(entry.createdAt),
                    })}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Paper>
        )}
      </ListPanel>
      <ListFooter {...paging} count={list.data ? t('history.count', { count: list.data.total }) : ''} />
    </Stack>
  );
}
