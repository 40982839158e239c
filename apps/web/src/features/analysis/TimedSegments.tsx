import { Stack, Text, UnstyledButton } from '@mantine/core';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranscriptSegment } from '../../api/analysis.ts';
import { PlayerLinkContext } from '../player/playerLink.ts';
import { formatTime } from '../player/timeFormat.ts';
import { usePlayerTimeMs } from './usePlayerTime.ts';
import classes from './TranscriptTab.module.css';

/**
 * Time-coded utterances (a transcript or a translation): the word being said is marked as the
 * media plays, a click on a word seeks the player to it, and the text can be selected to copy.
 */
export function TimedSegments({
  segments,
  lang,
  testId,
}: {
  segments: readonly TranscriptSegment[];
  lang: string | null;
  testId: string;
}) {
  const link = useContext(PlayerLinkContext);
  const now = usePlayerTimeMs(link);
  return (
    <Stack gap="sm" data-testid={testId} lang={lang ?? undefined}>
      {segments.map((segment) => (
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
