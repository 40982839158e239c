import { Badge, Progress, Stack, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnalysisState } from '../../api/items.ts';
import { useServerMessage } from '../../i18n/useServerMessage.ts';

const COLORS = { initiated: 'gray', progressing: 'blue', complete: 'teal', error: 'red' } as const;

/** The transcoding state of an item, kept live by the events stream; nothing when transcoding is off. */
export function TranscodingBadge({
  transcoding,
  withBar = false,
}: {
  transcoding: AnalysisState;
  withBar?: boolean;
}) {
  const { t } = useTranslation('items');
  const serverMessage = useServerMessage();
  const { state } = transcoding;
  if (!transcoding.enabled || state === null) return null;
  const progress = Math.max(0, Math.min(100, Math.round(transcoding.progress)));
  const badge = (
    <Badge size="sm" variant="light" color={COLORS[state]} tt="none" data-transcoding={state}>
      {t(`transcoding.${state}`, { progress })}
    </Badge>
  );
  const withReason =
    state === 'error' && transcoding.errorMessage ? (
      <Tooltip label={serverMessage(transcoding.errorMessage)} multiline maw={280}>
        {badge}
      </Tooltip>
    ) : (
      badge
    );
  if (!withBar || state !== 'progressing') return withReason;
  return (
    <Stack gap={4} w="100%">
      {withReason}
      <Progress value={progress} size="xs" aria-label={t('transcoding.progressing', { progress })} />
    </Stack>
  );
}
