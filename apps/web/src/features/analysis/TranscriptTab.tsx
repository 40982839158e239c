import { Paper, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { ANALYSIS_PERMISSIONS, TRANSCRIPTION_LANGUAGES, type TranscriptionLanguage } from '@skald/domain';
import { useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranscriptSegment } from '../../api/analysis.ts';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifyError } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { PlayerLinkContext, type PlayerLink } from '../player/playerLink.ts';
import { formatTime } from '../player/timeFormat.ts';
import { AnalysisJobControl } from './AnalysisJobControl.tsx';
import { useFollowRunning, useItemTranscript, useStartAnalysis } from './useAnalysis.ts';
import classes from './TranscriptTab.module.css';

// How often the word being said is looked up while the media plays.
const FOLLOW_MS = 200;

/** The player's time in milliseconds, read a few times a second (null without a player). */
function usePlayerTimeMs(link: PlayerLink | null): number | null {
  const [ms, setMs] = useState<number | null>(null);
  useEffect(() => {
    if (!link) return undefined;
    const timer = setInterval(() => {
      const seconds = link.currentTime();
      setMs(seconds === null ? null : Math.round(seconds * 1000));
    }, FOLLOW_MS);
    return () => {
      clearInterval(timer);
    };
  }, [link]);
  return ms;
}

/**
 * The item page's Transcript tab (spec §2, issue 14 §3): transcription with its state and
 * language, and the time-coded words, the one being said marked as the media plays; a click on a
 * word seeks the player to it.
 */
export function TranscriptTab({ item }: { item: Item }) {
  const { t } = useTranslation('analysis');
  const me = useCurrentUser();
  const { describe } = useErrorMessage();
  const link = useContext(PlayerLinkContext);
  const transcript = useItemTranscript(item.id);
  const start = useStartAnalysis(item.id);
  const [language, setLanguage] = useState<TranscriptionLanguage>('en');
  const now = usePlayerTimeMs(link);
  useFollowRunning(item.id, [item.transcription]);
  const canStart = hasPermission(me, ANALYSIS_PERMISSIONS.transcription) && !item.isDeleted;

  if (item.itemType !== 'video' && item.itemType !== 'audio') return <EmptyState title={t('notForType')} />;
  return (
    <Stack gap="lg" data-testid="transcript-tab">
      <Paper withBorder p="sm">
        <AnalysisJobControl
          kind="transcription"
          state={item.transcription}
          canStart={canStart}
          pending={start.isPending}
          onStart={() => {
            start.mutate(
              { kind: 'transcription', language },
              {
                onError: (error) => {
                  notifyError(describe(error));
                },
              },
            );
          }}
          extra={
            <Select
              size="xs"
              w={140}
              aria-label={t('transcript.language')}
              data={TRANSCRIPTION_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
              value={language}
              allowDeselect={false}
              onChange={(value) => {
                if (value) setLanguage(value);
              }}
            />
          }
        />
      </Paper>
      {transcript.isPending && <LoadingState />}
      {transcript.isError && (
        <ErrorState
          error={transcript.error}
          onRetry={() => {
            void transcript.refetch();
          }}
        />
      )}
      {transcript.data?.segments.length === 0 && <EmptyState title={t('transcript.empty')} />}
      {transcript.data && transcript.data.segments.length > 0 && (
        <Stack gap="sm" data-testid="transcript-words">
          <Text size="xs" c="dimmed">
            {t('transcript.by', {
              provider: transcript.data.provider ?? '',
              language: t(`languages.${transcript.data.language ?? 'en'}`, {
                defaultValue: transcript.data.language,
              }),
            })}
          </Text>
          {transcript.data.segments.map((segment) => (
            <Segment
              key={segment.startMs}
              segment={segment}
              nowMs={now}
              onSeek={(ms) => {
                link?.seek(ms / 1000);
              }}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Segment({
  segment,
  nowMs,
  onSeek,
}: {
  segment: TranscriptSegment;
  nowMs: number | null;
  onSeek: (ms: number) => void;
}) {
  const { t } = useTranslation('analysis');
  return (
    <Text component="p" size="sm" m={0}>
      <Text span size="xs" c="dimmed" mr="xs">
        {formatTime(segment.startMs / 1000)}
      </Text>
      {segment.words.map((word, index) => {
        const current = nowMs !== null && nowMs >= word.startMs && nowMs < word.endMs;
        return (
          <UnstyledButton
            key={`${word.startMs}-${index}`}
            className={classes.word}
            data-current={current || undefined}
            aria-current={current ? 'true' : undefined}
            data-start-ms={word.startMs}
            title={t('transcript.seek', { time: formatTime(word.startMs / 1000) })}
            onClick={() => {
              onSeek(word.startMs);
            }}
          >
            {word.text}
          </UnstyledButton>
        );
      })}
    </Text>
  );
}
