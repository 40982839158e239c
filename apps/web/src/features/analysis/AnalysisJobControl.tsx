import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { AnalysisJobKind } from '@skald/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalysisState } from '../../api/items.ts';
import { useServerMessage } from '../../i18n/useServerMessage.ts';
import { isRunning } from './useAnalysis.ts';

const COLORS = { initiated: 'gray', progressing: 'blue', complete: 'teal', error: 'red' } as const;

/**
 * One analysis on the item: its state (spec §4), its progress, its own error message (spec §8), and
 * the button that starts it, disabled while it runs (spec §4). `extra` sits before the button
 * (transcription's language).
 */
export function AnalysisJobControl({
  kind,
  state,
  canStart,
  pending,
  onStart,
  extra,
}: {
  kind: AnalysisJobKind;
  state: AnalysisState;
  canStart: boolean;
  pending: boolean;
  onStart: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('analysis');
  const serverMessage = useServerMessage();
  const progress = Math.max(0, Math.min(100, Math.round(state.progress)));
  return (
    <Stack gap={6} data-testid={`analysis-${kind}`} data-state={state.state ?? 'none'}>
      <Group gap="sm" wrap="wrap">
        <Text fw={600}>{t(`kinds.${kind}`)}</Text>
        <Badge variant="light" color={state.state ? COLORS[state.state] : 'gray'} tt="none">
          {t(`states.${state.state ?? 'none'}`, { progress })}
        </Badge>
        {canStart && (
          <Group gap="xs" ml="auto">
            {extra}
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlayerPlay size={14} />}
              loading={pending}
              disabled={isRunning(state)}
              onClick={onStart}
            >
              {state.state === null ? t('start') : t('runAgain')}
            </Button>
          </Group>
        )}
      </Group>
      {state.state === 'progressing' && (
        <Progress value={progress} size="sm" animated aria-label={t('progress', { progress })} />
      )}
      {state.state === 'error' && (
        <Alert color="red" variant="light" p="xs">
          {state.errorMessage ? serverMessage(state.errorMessage) : t('failed')}
        </Alert>
      )}
    </Stack>
  );
}
