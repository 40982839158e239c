import { Button, Group, Progress, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { EXIF_PATH, type MetadataForm } from '@skald/domain';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { exifMappingsApi, type ExifMappingDto } from '../../api/forms.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { DeleteAction, RowActions } from '../../components/RowActions.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

type Dialog = { kind: 'delete'; mapping: ExifMappingDto } | { kind: 'reapply' };

const JOB_POLL_MS = 1000;
const SEPARATOR = '\u0000';

/** The fields a mapping may fill: every field but buttons and the item's own title and description. */
function fieldOptions(forms: readonly MetadataForm[]) {
  return forms.map((form) => ({
    group: form.label,
    items: form.fields
      .filter(
        (f) =>
          f.type !== 'Button' && !(form.builtIn === 'common' && ['title', 'description'].includes(f.fieldId)),
      )
      .map((f) => ({ value: `${form.id}${SEPARATOR}${f.fieldId}`, label: `${form.label}: ${f.label}` })),
  }));
}

/** Spec §3 EXIF mapping: an EXIF path to a form field, for new pictures, and re-applied by a job. */
export function ExifMappingsPanel({ forms }: { forms: readonly MetadataForm[] }) {
  const { t } = useTranslation('forms');
  const client = useQueryClient();
  const { describe, fieldMessage } = useErrorMessage();
  const dialogs = useDialogState<Dialog>();
  const deleting = dialogs.of('delete');
  const reapplying = dialogs.of('reapply');
  const [path, setPath] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const [pathError, setPathError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const mappings = useQuery({
    queryKey: queryKeys.exifMappings,
    queryFn: ({ signal }) => exifMappingsApi.list(signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.exifMappings });
  const create = useMutation({
    mutationFn: exifMappingsApi.create,
    onSuccess: () => {
      setPath('');
      setTarget(null);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (mapping: ExifMappingDto) => exifMappingsApi.remove(mapping.id),
    onSuccess: () => {
      dialogs.close();
      return refresh();
    },
  });
  const reapply = useMutation({
    mutationFn: exifMappingsApi.reapply,
    onSuccess: (job) => {
      dialogs.close();
      setJobId(job.jobId);
    },
  });
  const job = useQuery({
    queryKey: queryKeys.exifJob(jobId ?? ''),
    queryFn: ({ signal }) => exifMappingsApi.job(jobId ?? '', signal),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'completed' || state === 'failed' ? false : JOB_POLL_MS;
    },
  });

  const fieldLabel = (m: ExifMappingDto) => {
    const form = forms.find((f) => f.id === m.formId);
    const field = form?.fields.find((f) => f.fieldId === m.fieldId);
    return `${form?.label ?? m.formId}: ${field?.label ?? m.fieldId}`;
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = path.trim();
    const bad = EXIF_PATH.test(trimmed) ? null : t('exif.badPath');
    setPathError(bad);
    if (bad !== null || target === null) return;
    const [formId = '', fieldId = ''] = target.split(SEPARATOR);
    create.mutate({ exifPath: trimmed, formId, fieldId });
  };

  const running = job.data && job.data.state !== 'completed' && job.data.state !== 'failed';
  const createFieldError =
    create.error && (fieldMessage(create.error, 'fieldId') ?? fieldMessage(create.error, 'formId'));
  return (
    <Stack data-testid="exif-mappings">
      <Group justify="space-between" mt="lg">
        <Title order={2} size="h4">
          {t('exif.title')}
        </Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          disabled={running === true || (mappings.data?.total ?? 0) === 0}
          onClick={() => {
            reapply.reset();
            dialogs.open({ kind: 'reapply' });
          }}
        >
          {t('exif.reapply')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('exif.hint')}
      </Text>
      {job.data && (
        <Stack gap={4} data-testid="exif-job">
          <Text size="sm">
            {job.data.state === 'completed'
              ? t('exif.jobDone')
              : job.data.state === 'failed'
                ? t('exif.jobFailed', { error: job.data.error ?? '' })
                : t('exif.jobRunning', { progress: job.data.progress })}
          </Text>
          <Progress value={job.data.progress} aria-label={t('exif.jobProgress')} />
        </Stack>
      )}
      <form onSubmit={submit} noValidate aria-label={t('exif.add')}>
        <Group align="flex-start">
          <TextInput
            label={t('exif.path')}
            description={t('exif.pathHint')}
            value={path}
            onChange={(e) => {
              setPath(e.currentTarget.value);
            }}
            error={pathError ?? (create.error ? fieldMessage(create.error, 'exifPath') : undefined)}
            required
          />
          <Select
            label={t('exif.field')}
            data={fieldOptions(forms)}
            value={target}
            onChange={setTarget}
            searchable
            required
            error={createFieldError}
            style={{ flex: 1 }}
          />
          <Button type="submit" mt={24} leftSection={<IconPlus size={16} />} loading={create.isPending}>
            {t('exif.add')}
          </Button>
        </Group>
      </form>
      {create.isError && !createFieldError && !fieldMessage(create.error, 'exifPath') && (
        <ErrorAlert>{describe(create.error)}</ErrorAlert>
      )}
      {mappings.isPending ? (
        <LoadingState />
      ) : mappings.error ? (
        <ErrorAlert>{describe(mappings.error)}</ErrorAlert>
      ) : mappings.data.items.length === 0 ? (
        <Text size="sm">{t('exif.none')}</Text>
      ) : (
        <DataTable
          label={t('exif.title')}
          testId="exif-mappings-table"
          minWidth={480}
          columns={[t('exif.path'), t('exif.field')]}
          actionsLabel={t('forms.actions')}
        >
          {mappings.data.items.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td ff="monospace">{m.exifPath}</Table.Td>
              <Table.Td>{fieldLabel(m)}</Table.Td>
              <Table.Td>
                <RowActions>
                  <DeleteAction
                    label={t('exif.deleteNamed', { path: m.exifPath })}
                    onClick={() => {
                      remove.reset();
                      dialogs.open({ kind: 'delete', mapping: m });
                    }}
                  />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog
        {...deleting.props}
        title={t('exif.deleteTitle')}
        message={t('exif.deleteMessage', { path: deleting.data?.mapping.exifPath ?? '' })}
        confirmLabel={t('common:delete')}
        loading={remove.isPending}
        error={remove.isError ? describe(remove.error) : undefined}
        onConfirm={() => {
          if (deleting.data) remove.mutate(deleting.data.mapping);
        }}
      />
      <ConfirmDialog
        {...reapplying.props}
        title={t('exif.reapplyTitle')}
        message={t('exif.reapplyMessage')}
        confirmLabel={t('exif.reapply')}
        destructive={false}
        loading={reapply.isPending}
        error={reapply.isError ? describe(reapply.error) : undefined}
        onConfirm={() => {
          reapply.mutate(undefined, {
            onSuccess: () => {
              notifySuccess(t('exif.reapplyStarted'));
            },
          });
        }}
      />
    </Stack>
  );
}
