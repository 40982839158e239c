import {
  Anchor,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { ANALYSIS_PERMISSIONS, analysisApplies, type AnalysisJobKind } from '@skald/domain';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shot, TextLine } from '../../api/analysis.ts';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifyError } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { PlayerLinkContext } from '../player/playerLink.ts';
import { formatTime } from '../player/timeFormat.ts';
import { AnalysisJobControl } from './AnalysisJobControl.tsx';
import { useFollowRunning, useItemAnalysis, useStartAnalysis } from './useAnalysis.ts';

const KINDS = ['sceneDetection', 'textDetection'] as const satisfies readonly AnalysisJobKind[];

/**
 * The item page's Analytics tab (spec §2, issue 14 §3): scene and text detection with their states,
 * and what they found as a timeline under the player — each shot by its keyframe, each line of
 * text read in a frame — where a click seeks the player to that moment.
 */
export function AnalyticsTab({ item }: { item: Item }) {
  const { t } = useTranslation('analysis');
  const me = useCurrentUser();
  const { describe } = useErrorMessage();
  const link = useContext(PlayerLinkContext);
  const results = useItemAnalysis(item.id);
  const start = useStartAnalysis(item.id);
  const kinds = KINDS.filter((kind) => analysisApplies(kind, item.itemType));
  useFollowRunning(
    item.id,
    kinds.map((kind) => item[kind]),
  );
  const timed = item.itemType !== 'image';
  const seek = (ms: number) => {
    link?.seek(ms / 1000);
  };

  if (kinds.length === 0) return <EmptyState title={t('notForType')} />;
  return (
    <Stack gap="lg" data-testid="analytics-tab">
      <Paper withBorder p="sm">
        <Stack gap="sm">
          {kinds.map((kind) => (
            <AnalysisJobControl
              key={kind}
              kind={kind}
              state={item[kind]}
              canStart={hasPermission(me, ANALYSIS_PERMISSIONS[kind]) && !item.isDeleted}
              pending={start.isPending && start.variables.kind === kind}
              onStart={() => {
                start.mutate(
                  { kind },
                  {
                    onError: (error) => {
                      notifyError(describe(error));
                    },
                  },
                );
              }}
            />
          ))}
        </Stack>
      </Paper>
      {results.isPending && <LoadingState />}
      {results.isError && (
        <ErrorState
          error={results.error}
          onRetry={() => {
            void results.refetch();
          }}
        />
      )}
      {results.data && (
        <>
          {timed && <Shots shots={results.data.shots} onSeek={seek} />}
          <TextLines lines={results.data.textLines} timed={timed} onSeek={seek} />
        </>
      )}
    </Stack>
  );
}

function Shots({ shots, onSeek }: { shots: Shot[]; onSeek: (ms: number) => void }) {
  const { t } = useTranslation('analysis');
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('shots.title', { count: shots.length })}
      </Title>
      {shots.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('shots.empty')}
        </Text>
      ) : (
        <Group gap="xs" wrap="nowrap" style={{ overflowX: 'auto' }} pb="xs" data-testid="analysis-shots">
          {shots.map((shot, index) => (
            <UnstyledButton
              key={shot.id}
              onClick={() => {
                onSeek(shot.startMs);
              }}
              data-start-ms={shot.startMs}
              style={{ flex: '0 0 auto' }}
            >
              <Stack gap={2} w={128}>
                {shot.keyframeUrl && (
                  <Image src={shot.keyframeUrl} alt="" w={128} h={72} fit="cover" radius="sm" />
                )}
                <Text size="xs" c="dimmed">
                  <VisuallyHidden>{t('shots.seek', { index: index + 1 })}</VisuallyHidden>
                  {formatTime(shot.startMs / 1000)}–{formatTime(shot.endMs / 1000)}
                </Text>
              </Stack>
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function TextLines({
  lines,
  timed,
  onSeek,
}: {
  lines: TextLine[];
  timed: boolean;
  onSeek: (ms: number) => void;
}) {
  const { t } = useTranslation('analysis');
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('text.title', { count: lines.length })}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('text.empty')}
        </Text>
      ) : (
        <Stack gap={4} data-testid="analysis-text">
          {lines.map((line, index) => (
            <Group key={`${line.startMs}-${index}`} gap="sm" wrap="nowrap">
              {timed && (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    onSeek(line.startMs);
                  }}
                  aria-label={t('text.seek', { text: line.text, time: formatTime(line.startMs / 1000) })}
                >
                  {formatTime(line.startMs / 1000)}
                </Anchor>
              )}
              <Text size="sm">{line.text}</Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
