import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { EXPORT_FILE_NAME_LENGTH } from '@skald/domain';
import { IconFileExport } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tenantApi, type ExportSettings } from '../../api/admin.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { isExportFileNameLength } from './exportFileNameLength.ts';
import { SettingsCard } from './SettingsCard.tsx';

const FIELD = 'maxFileNameLength';

/**
 * Spec §3 tenant config: the max file name length for exports. Rendered and exported files are
 * named after their item, cut to it (the extension included).
 */
export function ExportSettingsCard() {
  const { t } = useTranslation('admin');
  const settings = useQuery({
    queryKey: queryKeys.exportSettings,
    queryFn: ({ signal }) => tenantApi.exportSettings(signal),
  });
  return (
    <SettingsCard
      id="export-settings"
      icon={<IconFileExport size={22} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />}
      title={t('exportSettings.title')}
      description={t('exportSettings.description')}
      settings={settings}
    >
      {(current) => <ExportSettingsForm current={current} />}
    </SettingsCard>
  );
}

function ExportSettingsForm({ current }: { current: ExportSettings }) {
  const { t } = useTranslation('admin');
  const { describe, fieldMessage } = useErrorMessage();
  const client = useQueryClient();
  const [length, setLength] = useState<number | string>(current.maxFileNameLength);
  const [outOfRange, setOutOfRange] = useState(false);
  const save = useMutation({
    mutationFn: tenantApi.setExportSettings,
    onSuccess: (data) => {
      client.setQueryData(queryKeys.exportSettings, data);
      notifySuccess(t('exportSettings.saved', { length: data.maxFileNameLength }));
    },
    onError: (error) => {
      if (fieldMessage(error, FIELD) === undefined) notifyError(describe(error));
    },
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = isExportFileNameLength(length);
    setOutOfRange(!valid);
    if (valid) save.mutate({ maxFileNameLength: length });
  };
  const error = outOfRange
    ? t('exportSettings.range', EXPORT_FILE_NAME_LENGTH)
    : save.error
      ? fieldMessage(save.error, FIELD)
      : undefined;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NumberInput
          label={t('exportSettings.maxFileNameLength')}
          description={t('exportSettings.hint', EXPORT_FILE_NAME_LENGTH)}
          min={EXPORT_FILE_NAME_LENGTH.min}
          max={EXPORT_FILE_NAME_LENGTH.max}
          clampBehavior="none"
          allowDecimal={false}
          required
          value={length}
          onChange={setLength}
          error={error}
          w={320}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('exportSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
