import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFaceId } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { faceSettingsApi, type FaceSettings } from '../../api/persons.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

/** The settings' fields with their bounds (the server's, docs/API.md). */
const FIELDS: readonly { key: keyof FaceSettings; min: number; max: number }[] = [
  { key: 'matchConfidence', min: 1, max: 100 },
  { key: 'unknownMaxImages', min: 1, max: 50 },
  { key: 'unknownMinSimilarity', min: 1, max: 100 },
  { key: 'unknownMinFaceWidthPct', min: 0, max: 100 },
  { key: 'unknownZoomOutPct', min: 0, max: 200 },
];

/**
 * Spec §3 tenant config: face-match confidence and unknown-person registration (max images,
 * minimum similarity, minimum face width, zoom-out), in percent (docs/ANALYSIS.md).
 */
export function FaceSettingsCard() {
  const { t } = useTranslation('admin');
  const settings = useQuery({
    queryKey: queryKeys.faceSettings,
    queryFn: ({ signal }) => faceSettingsApi.get(signal),
  });
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="face-settings-title">
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          <IconFaceId size={22} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <Stack gap={2}>
            <Title order={2} size="h5" id="face-settings-title">
              {t('faceSettings.title')}
            </Title>
            <Text size="sm" c="dimmed" maw={640}>
              {t('faceSettings.description')}
            </Text>
          </Stack>
        </Group>
        {settings.isPending ? (
          <LoadingState />
        ) : settings.isError ? (
          <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <FaceSettingsForm key={settings.dataUpdatedAt} current={settings.data} />
        )}
      </Stack>
    </Paper>
  );
}

function FaceSettingsForm({ current }: { current: FaceSettings }) {
  const { t } = useTranslation('admin');
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const [values, setValues] = useState<FaceSettings>(current);
  const save = useMutation({
    mutationFn: faceSettingsApi.set,
    onSuccess: (data) => {
      client.setQueryData(queryKeys.faceSettings, data);
      notifySuccess(t('faceSettings.saved'));
    },
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(values, {
      onError: (error) => {
        notifyError(describe(error));
      },
    });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
          {FIELDS.map(({ key, min, max }) => (
            <NumberInput
              key={key}
              label={t(`faceSettings.${key}`)}
              min={min}
              max={max}
              allowDecimal={false}
              required
              value={values[key]}
              onChange={(value) => {
                setValues((v) => ({ ...v, [key]: typeof value === 'number' ? value : Number(value) || min }));
              }}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('faceSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
