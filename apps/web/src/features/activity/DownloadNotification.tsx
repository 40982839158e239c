import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dismissDownload,
  downloadState,
  saveDownload,
  startDownload,
  useBrowserDownload,
  type DownloadRequest,
} from './downloads.ts';
import { useTechnicalFormat } from '../item-details/useTechnicalFormat.ts';
import { DownloadOutcome, TransferProgress } from './TransferProgress.tsx';

const notificationId = (downloadId: string) => `download-${downloadId}`;

/**
 * The download notification (spec §4): in progress, then completed with a save action. Cancel
 * stops the request and dismisses the notification.
 */
function DownloadNotice({ id }: { id: string }) {
  const { t } = useTranslation('activity');
  const download = useBrowserDownload(id);
  const { bytes } = useTechnicalFormat();

  // Saved or dismissed anywhere (the activity monitor too): the notice has done its job.
  const gone = download === null || download.saved;
  useEffect(() => {
    if (gone) notifications.hide(notificationId(id));
  }, [gone, id]);
  if (download === null) return null;

  return (
    <Stack gap={6} data-testid="download-notification" data-state={download.state}>
      <Text size="sm" fw={500} lineClamp={1}>
        {download.filename}
      </Text>
      {download.state === 'downloading' && (
        <TransferProgress
          done={download.received}
          total={download.total}
          label={t('downloads.progressOf', { name: download.filename })}
          action={
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => {
                // Stops the request; the notification goes with the download.
                dismissDownload(id);
              }}
            >
              {t('common:cancel')}
            </Button>
          }
        />
      )}
      {download.state === 'complete' && (
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('downloads.ready', { size: bytes(download.total ?? download.received) })}
          </Text>
          <Button
            size="compact-sm"
            leftSection={<IconDeviceFloppy size={14} />}
            onClick={() => {
              saveDownload(id);
            }}
          >
            {t('downloads.save')}
          </Button>
        </Group>
      )}
      <DownloadOutcome download={download} />
    </Stack>
  );
}

function titleKey(state: string): string {
  if (state === 'complete') return 'downloads.notification.complete';
  if (state === 'failed') return 'downloads.notification.failed';
  return 'downloads.notification.inProgress';
}

function NoticeTitle({ id }: { id: string }) {
  const { t } = useTranslation('activity');
  const download = useBrowserDownload(id);
  return <>{t(titleKey(download?.state ?? 'downloading'))}</>;
}

/** Starts a download and shows its notification until it is saved, cancelled or closed. */
export function startDownloadWithNotice(request: DownloadRequest): string {
  const id = startDownload(request);
  notifications.show({
    id: notificationId(id),
    title: <NoticeTitle id={id} />,
    message: <DownloadNotice id={id} />,
    autoClose: false,
    withCloseButton: true,
    // Closing the notice of a failed download forgets it; a running or completed one stays in the
    // activity monitor's Download tab.
    onClose: () => {
      if (downloadState(id) === 'failed') dismissDownload(id);
    },
  });
  return id;
}
