import { Alert, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AnalysisState, ItemType } from '../../api/items.ts';
import { useServerMessage } from '../../i18n/useServerMessage.ts';

const COLORS = { initiated: 'gray', progressing: 'blue', complete: 'teal' } as const;

/** Items whose finished transcoding is worth saying: those that play. */
const PLAYS: ReadonlySet<ItemType> = new Set(['video', 'audio']);

/**
 * The item's transcoding, kept live by the events stream: its state, a progress bar while it runs,
 * and the job's error message when it failed. A picture's or a document's finished processing is
 * no news (issue 11): only its progress and failure are shown.
 */
export function TranscodingStatus({
  transcoding,
  itemType,
}: {
  transcoding: AnalysisState;
  itemType: ItemType;
}) {
  const { t } = useTranslation('itemDetails');
  const serverMessage = useServerMessage();
  if (!transcoding.enabled || transcoding.state === null) return null;
  if (transcoding.state === 'complete' && !PLAYS.has(itemType)) return null;
  const progress = Math.max(0, Math.min(100, Math.round(transcoding.progress)));

  if (transcoding.state === 'error') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle />}
        title={t('transcoding.failed')}
        data-testid="transcoding-status"
        data-state="error"
      >
        {transcoding.errorMessage ? serverMessage(transcoding.errorMessage) : t('transcoding.failedNoReason')}
      </Alert>
    );
  }
  return (
    <Stack gap={4} data-testid="transcoding-status" data-state={transcoding.state} maw={360}>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('transcoding.label')}
        </Text>
        <Badge size="sm" variant="light" color={COLORS[transcoding.state]} tt="none">
          {t(`transcoding.states.${transcoding.state}`, { progress })}
        </Badge>
      </Group>
      {transcoding.state === 'progressing' && (
        <Progress value={progress} size="sm" animated aria-label={t('transcoding.progress', { progress })} />
      )}
    </Stack>
  );
}
