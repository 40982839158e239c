import { Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { analysisApi } from '../../api/analysis.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { formatTime } from '../player/timeFormat.ts';

/**
 * The History tab's time to searchable (issue 14 §4): when the latest upload finished, then how long
 * after it the proxy was ready and each analysis was done. Nothing before an upload has finished.
 */
export function TimeToSearchable({ itemId }: { itemId: string }) {
  const { t } = useTranslation('analysis', { useSuspense: false });
  const format = useFormatters();
  const times = useQuery({
    queryKey: queryKeys.timeToSearchable(itemId),
    queryFn: ({ signal }) => analysisApi.timeToSearchable(itemId, signal),
  });
  const data = times.data;
  if (!data?.uploadedAt) return null;
  const start = Date.parse(data.uploadedAt);
  const after = (at: string) => formatTime(Math.max(0, Date.parse(at) - start) / 1000);
  const steps = [
    ...(data.proxyReadyAt ? [{ label: t('searchable.proxy'), at: data.proxyReadyAt }] : []),
    ...data.analyses.map((a) => ({ label: t(`kinds.${a.kind}`, { defaultValue: a.kind }), at: a.doneAt })),
  ];
  return (
    <Paper withBorder p="sm" data-testid="time-to-searchable">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('searchable.title')}
        </Text>
        <Text size="sm">{t('searchable.uploaded', { date: format.dateTime(data.uploadedAt) })}</Text>
        {steps.map((step) => (
          <Group key={step.label} gap="xs">
            <Text size="sm">{t('searchable.done', { what: step.label })}</Text>
            <Text size="sm" c="dimmed">
              {t('searchable.after', { time: after(step.at) })}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
