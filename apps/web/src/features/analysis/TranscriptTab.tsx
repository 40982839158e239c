import { Button, Paper, Select, Stack, Text } from '@mantine/core';
import { ANALYSIS_PERMISSIONS, TRANSCRIPTION_LANGUAGES, type TranscriptionLanguage } from '@skald/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifyError } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { AnalysisJobControl } from './AnalysisJobControl.tsx';
import { TimedSegments } from './TimedSegments.tsx';
import { TranscriptEditor } from './TranscriptEditor.tsx';
import { TranscriptToolbar } from './TranscriptToolbar.tsx';
import { useCopyTranscript } from './useCopyTranscript.ts';
import { useFollowRunning, useItemTranscript, useStartAnalysis } from './useAnalysis.ts';
import { useTranscriptRevision, useTranscriptRevisions } from './useTranscript.ts';

/**
 * The item page's Transcript tab (spec §2, issue 14 §3): transcription with its state and
 * language; the time-coded words, the one being said marked as the media plays, a click on a word
 * seeking the player; select and copy; captions to download; editing (item.updateTranscript), each
 * edit a revision, the earlier ones readable.
 */
export function TranscriptTab({ item }: { item: Item }) {
  const { t } = useTranslation('analysis');
  const me = useCurrentUser();
  const { describe } = useErrorMessage();
  const transcript = useItemTranscript(item.id);
  const revisions = useTranscriptRevisions(item.id);
  const [shown, setShown] = useState<number | null>(null);
  const earlier = useTranscriptRevision(item.id, shown);
  const [editing, setEditing] = useState(false);
  const textRef = useRef<HTMLDivElement>(null);
  const copy = useCopyTranscript(textRef);
  const start = useStartAnalysis(item.id);
  const [language, setLanguage] = useState<TranscriptionLanguage>('en');
  useFollowRunning(item.id, [item.transcription]);
  const canStart = hasPermission(me, ANALYSIS_PERMISSIONS.transcription) && !item.isDeleted;
  const canEdit =
    hasPermission(me, 'item.updateTranscript') && !item.isDeleted && item.leadingVersionId !== null;

  if (item.itemType !== 'video' && item.itemType !== 'audio') return <EmptyState title={t('notForType')} />;
  const segments = shown === null ? transcript.data?.segments : earlier.data?.segments;
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
      {(transcript.isPending || (shown !== null && earlier.isPending)) && <LoadingState />}
      {(transcript.isError || earlier.isError) && (
        <ErrorState
          error={transcript.error ?? earlier.error}
          onRetry={() => {
            void transcript.refetch();
            if (shown !== null) void earlier.refetch();
          }}
        />
      )}
      {editing && transcript.data && (
        <TranscriptEditor
          itemId={item.id}
          segments={transcript.data.segments}
          language={transcript.data.language}
          onDone={() => {
            setEditing(false);
          }}
        />
      )}
      {!editing && transcript.data && (
        <Stack gap="sm">
          {(segments?.length ?? 0) > 0 && (
            <TranscriptToolbar
              itemId={item.id}
              revisions={revisions.data?.items ?? []}
              shown={shown}
              onShow={setShown}
              onCopy={copy}
              onEdit={
                canEdit
                  ? () => {
                      setShown(null);
                      setEditing(true);
                    }
                  : undefined
              }
              language={null}
            />
          )}
          {segments?.length === 0 && (
            <EmptyState
              title={t('transcript.empty')}
              {...(canEdit
                ? {
                    action: (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => {
                          setEditing(true);
                        }}
                      >
                        {t('transcript.write')}
                      </Button>
                    ),
                  }
                : {})}
            />
          )}
          {segments && segments.length > 0 && (
            <div ref={textRef}>
              <Text size="xs" c="dimmed" mb="xs">
                {t(transcript.data.provider ? 'transcript.by' : 'transcript.written', {
                  provider: transcript.data.provider ?? '',
                  language: t(`languages.${transcript.data.language ?? 'en'}`, {
                    defaultValue: transcript.data.language,
                  }),
                })}
              </Text>
              <TimedSegments segments={segments} lang={transcript.data.language} testId="transcript-words" />
            </div>
          )}
        </Stack>
      )}
    </Stack>
  );
}
