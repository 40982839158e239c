import { Button, Group, MultiSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { ANALYSIS_JOB_KINDS, TRANSCRIPTION_LANGUAGES, type TranscriptionLanguage } from '@skald/domain';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { autoAnalysisApi, type AutoAnalysisSetting } from '../../api/analysis.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

/** Issue 14: the analyses every item gets once its transcode is done (a folder may have its own). */
export function AutoAnalysisCard() {
  const { t } = useTranslation('admin');
  const setting = useQuery({
    queryKey: queryKeys.autoAnalysis,
    queryFn: ({ signal }) => autoAnalysisApi.tenant(signal),
  });
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="auto-analysis-title">
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          <IconPlayerPlay size={22} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <Stack gap={2}>
            <Title order={2} size="h5" id="auto-analysis-title">
              {t('autoAnalysis.title')}
            </Title>
            <Text size="sm" c="dimmed" maw={640}>
              {t('autoAnalysis.description')}
            </Text>
          </Stack>
        </Group>
        {setting.isPending ? (
          <LoadingState />
        ) : setting.isError ? (
          <ErrorState error={setting.error} onRetry={() => void setting.refetch()} />
        ) : (
          <AutoAnalysisForm key={setting.dataUpdatedAt} current={setting.data} />
        )}
      </Stack>
    </Paper>
  );
}

function AutoAnalysisForm({ current }: { current: AutoAnalysisSetting }) {
  const { t } = useTranslation('admin');
  const { t: ta } = useTranslation('analysis', { useSuspense: false });
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const [kinds, setKinds] = useState<AutoAnalysisSetting['kinds']>(current.kinds);
  const [language, setLanguage] = useState<TranscriptionLanguage | null>(current.language);
  const save = useMutation({
    mutationFn: autoAnalysisApi.setTenant,
    onSuccess: (data) => {
      client.setQueryData(queryKeys.autoAnalysis, data);
      notifySuccess(t('autoAnalysis.saved'));
    },
    onError: (error) => {
      notifyError(describe(error));
    },
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({ kinds, language: kinds.includes('transcription') ? language : null });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm" maw={560}>
        <MultiSelect
          label={t('autoAnalysis.kinds')}
          placeholder={kinds.length === 0 ? t('autoAnalysis.none') : undefined}
          data={ANALYSIS_JOB_KINDS.map((k) => ({ value: k, label: ta(`kinds.${k}`) }))}
          value={kinds}
          onChange={(values) => {
            setKinds(ANALYSIS_JOB_KINDS.filter((k) => values.includes(k)));
          }}
        />
        {kinds.includes('transcription') && (
          <Select
            label={ta('transcript.language')}
            data={TRANSCRIPTION_LANGUAGES.map((l) => ({ value: l, label: ta(`languages.${l}`) }))}
            value={language}
            onChange={(v) => {
              setLanguage(TRANSCRIPTION_LANGUAGES.find((l) => l === v) ?? null);
            }}
          />
        )}
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {t('autoAnalysis.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
