import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { ANALYSIS_PERMISSIONS } from '@skald/domain';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translationSettingsApi } from '../../api/analysis.ts';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifyError } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { AnalysisJobControl } from './AnalysisJobControl.tsx';
import { TimedSegments } from './TimedSegments.tsx';
import { TranscriptToolbar } from './TranscriptToolbar.tsx';
import { useCopyTranscript } from './useCopyTranscript.ts';
import { useFollowRunning, useStartAnalysis } from './useAnalysis.ts';
import { useItemTranslation } from './useTranscript.ts';

/**
 * The item page's Translation tab (spec §2, issue 14 §3): the transcript translated into the
 * tenant's primary and secondary language (spec §3 tenant config), time-coded like the transcript:
 * words follow playback, a click seeks, select and copy, captions to download.
 */
export function TranslationTab({ item }: { item: Item }) {
  const { t } = useTranslation('analysis');
  const me = useCurrentUser();
  const { describe } = useErrorMessage();
  const translation = useItemTranslation(item.id);
  const settings = useQuery({
    queryKey: queryKeys.translationSettings,
    queryFn: ({ signal }) => translationSettingsApi.get(signal),
  });
  const start = useStartAnalysis(item.id);
  const [picked, setPicked] = useState<string | null>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const copy = useCopyTranscript(textRef);
  useFollowRunning(item.id, [item.translation]);
  const canStart = hasPermission(me, ANALYSIS_PERMISSIONS.translation) && !item.isDeleted;

  if (item.itemType !== 'video' && item.itemType !== 'audio') return <EmptyState title={t('notForType')} />;
  const languageName = (l: string) => t(`languages.${l}`, { defaultValue: l });
  const texts = translation.data?.items ?? [];
  const shown = texts.find((x) => x.language === picked) ?? texts[0];
  return (
    <Stack gap="lg" data-testid="translation-tab">
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <AnalysisJobControl
            kind="translation"
            state={item.translation}
            canStart={canStart}
            pending={start.isPending}
            onStart={() => {
              start.mutate(
                { kind: 'translation' },
                {
                  onError: (error) => {
                    notifyError(describe(error));
                  },
                },
              );
            }}
          />
          {settings.data && (
            <Text size="xs" c="dimmed">
              {settings.data.secondaryLanguage
                ? t('translation.languages', {
                    primary: languageName(settings.data.primaryLanguage),
                    secondary: languageName(settings.data.secondaryLanguage),
                  })
                : t('translation.language', { primary: languageName(settings.data.primaryLanguage) })}
            </Text>
          )}
        </Stack>
      </Paper>
      {translation.isPending && <LoadingState />}
      {translation.isError && (
        <ErrorState
          error={translation.error}
          onRetry={() => {
            void translation.refetch();
          }}
        />
      )}
      {translation.data && !shown && <EmptyState title={t('translation.empty')} />}
      {shown && (
        <Stack gap="sm">
          {texts.length > 1 && (
            <SegmentedControl
              size="xs"
              aria-label={t('translation.pick')}
              data={texts.map((x) => ({ value: x.language, label: languageName(x.language) }))}
              value={shown.language}
              onChange={setPicked}
            />
          )}
          <TranscriptToolbar
            itemId={item.id}
            revisions={[]}
            shown={null}
            onShow={() => undefined}
            onCopy={copy}
            onEdit={undefined}
            language={shown.language}
          />
          <div ref={textRef}>
            <Text size="xs" c="dimmed" mb="xs">
              {t('translation.by', {
                provider: shown.provider ?? '',
                language: languageName(shown.language),
              })}
            </Text>
            <TimedSegments segments={shown.segments} lang={shown.language} testId="translation-words" />
          </div>
        </Stack>
      )}
    </Stack>
  );
}
