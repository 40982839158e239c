import { Button, Group, Stack } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { autoAnalysisApi, type AutoAnalysisSetting } from '../../api/analysis.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { AutoAnalysisFields, sendable } from '../analysis/AutoAnalysisFields.tsx';
import { SettingsCard } from './SettingsCard.tsx';

/** Issue 14: the analyses every item gets once its transcode is done (a folder may have its own). */
export function AutoAnalysisCard() {
  const { t } = useTranslation('admin');
  const setting = useQuery({
    queryKey: queryKeys.autoAnalysis,
    queryFn: ({ signal }) => autoAnalysisApi.tenant(signal),
  });
  return (
    <SettingsCard
      id="auto-analysis"
      icon={<IconPlayerPlay size={22} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />}
      title={t('autoAnalysis.title')}
      description={t('autoAnalysis.description')}
      settings={setting}
    >
      {(current) => <AutoAnalysisForm current={current} />}
    </SettingsCard>
  );
}

function AutoAnalysisForm({ current }: { current: AutoAnalysisSetting }) {
  const { t } = useTranslation('admin');
  const { describe, fieldMessage } = useErrorMessage();
  const client = useQueryClient();
  const [value, setValue] = useState<AutoAnalysisSetting>(current);
  const save = useMutation({
    mutationFn: autoAnalysisApi.setTenant,
    onSuccess: (data) => {
      client.setQueryData(queryKeys.autoAnalysis, data);
      // Folders without a setting of their own follow the tenant's.
      void client.invalidateQueries({ queryKey: queryKeys.folderAutoAnalyses });
      notifySuccess(t('autoAnalysis.saved'));
    },
    onError: (error) => {
      if (fieldMessage(error, 'language') === undefined) notifyError(describe(error));
    },
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(sendable(value));
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm" maw={560}>
        <AutoAnalysisFields
          value={value}
          onChange={setValue}
          languageError={save.error ? fieldMessage(save.error, 'language') : undefined}
        />
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {t('autoAnalysis.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
