import { Group, Progress, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { useTechnicalFormat } from '../item-details/useTechnicalFormat.ts';
import type { BrowserDownload } from './downloadState.ts';
import { progressPercent } from './progress.ts';

interface TransferProgressProps {
  done: number;
  /** Null when unknown (a download without Content-Length): the bar is indeterminate. */
  total: number | null;
  /** Names the bar ("Upload of a.mp4"). */
  label: string;
  /** Shown beside the figures (Cancel). */
  action?: ReactNode;
}

/** A running transfer: its bar and "done of total (percent %)", or only the bytes so far without a total. */
export function TransferProgress({ done, total, label, action }: TransferProgressProps) {
  const { t } = useTranslation('activity');
  const format = useFormatters();
  const { bytes } = useTechnicalFormat();
  const percent = progressPercent(done, total);
  const figures = (
    <Text size="xs" c="dimmed">
      {total === null
        ? bytes(done)
        : t('progress', { done: bytes(done), total: bytes(total), percent: format.number(percent ?? 0) })}
    </Text>
  );
  return (
    <>
      <Progress
        value={percent ?? 100}
        striped={percent === null}
        animated={percent === null}
        size="sm"
        aria-label={label}
      />
      {action ? (
        <Group justify="space-between" wrap="nowrap">
          {figures}
          {action}
        </Group>
      ) : (
        figures
      )}
    </>
  );
}

/** Why a browser download ended without a file to save, if it did. */
export function DownloadOutcome({ download }: { download: Pick<BrowserDownload, 'state' | 'error'> }) {
  const { t } = useTranslation('activity');
  const { describe } = useErrorMessage();
  if (download.state === 'handedOff') {
    return (
      <Text size="xs" c="dimmed">
        {t('downloads.handedOff')}
      </Text>
    );
  }
  if (download.state === 'failed') {
    return (
      <Text size="xs" c="red">
        {describe(download.error)}
      </Text>
    );
  }
  return null;
}
