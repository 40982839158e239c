import { Button, Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { IconFaceId } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { faceSettingsApi, type FaceSettings } from '../../api/persons.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { SettingsCard } from './SettingsCard.tsx';

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
    <SettingsCard
      id="face-settings"
      icon={<IconFaceId size={22} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />}
      title={t('faceSettings.title')}
      description={t('faceSettings.description')}
      settings={settings}
    >
      {(current) => <FaceSettingsForm current={current} />}
    </SettingsCard>
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
