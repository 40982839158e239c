import { Alert, Button, Group, Modal, Progress, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { fieldReaderOf, formatMessage, type FieldValue } from '@skald/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkMetadataApi, type BulkOperationInput } from '../../api/bulkMetadata.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { FieldInput } from '../metadata-forms/FieldInput.tsx';
import { useFormSchema } from '../metadata-forms/useFormSchema.ts';
import { bulkEditable, bulkOps, type BulkOp } from './bulkFields.ts';

interface BulkMetadataDialogProps {
  opened: boolean;
  /** The selected items. */
  ids: readonly string[];
  onClose: () => void;
  /** The run has ended: the selection can be cleared and the results read again. */
  onDone: () => void;
}

// How often the dialog asks how far the run has come.
const POLL_MS = 500;

/** Issue 12 §2: one field set, added to or cleared on the selected items, with the run's progress. */
export function BulkMetadataDialog({ opened, ids, onClose, onDone }: BulkMetadataDialogProps) {
  const { t } = useTranslation(['forms', 'messages', 'common']);
  const [runId, setRunId] = useState<string | null>(null);
  const close = () => {
    if (runId !== null) onDone();
    setRunId(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('forms:bulk.title', { count: ids.length })} size="md">
      {runId === null ? (
        <BulkMetadataForm ids={ids} onStarted={setRunId} onCancel={close} />
      ) : (
        <BulkMetadataProgress runId={runId} onClose={close} />
      )}
    </Modal>
  );
}

function BulkMetadataForm({
  ids,
  onStarted,
  onCancel,
}: {
  ids: readonly string[];
  onStarted: (runId: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['forms', 'common']);
  const { describe } = useErrorMessage();
  const schema = useFormSchema();
  const reader = fieldReaderOf(principalOf(useCurrentUser()));
  const editable = bulkEditable(schema.forms, reader);
  const [formId, setFormId] = useState<string | null>(null);
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [op, setOp] = useState<BulkOp>('set');
  const [value, setValue] = useState<FieldValue>(null);
  const entry = editable.find((e) => e.form.id === formId);
  const field = entry?.fields.find((f) => f.fieldId === fieldId);
  const start = useMutation({
    mutationFn: (operation: BulkOperationInput) =>
      bulkMetadataApi.start({ itemIds: [...ids], operations: [operation] }),
    onSuccess: (run) => {
      onStarted(run.id);
    },
  });
  const operation = (): BulkOperationInput | null => {
    if (!entry || !field) return null;
    const target = { form: entry.form.id, field: field.fieldId };
    if (op === 'clear') return { ...target, op };
    if (op === 'add') {
      const choices = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
      return choices.length > 0 ? { ...target, op, value: choices } : null;
    }
    return { ...target, op, value: value as Extract<BulkOperationInput, { op: 'set' }>['value'] };
  };
  const ready = operation();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) start.mutate(ready);
      }}
    >
      <Stack gap="sm">
        <Select
          label={t('bulk.form')}
          data={editable.map((e) => ({ value: e.form.id, label: e.form.label }))}
          value={formId}
          onChange={(next) => {
            setFormId(next);
            setFieldId(null);
            setValue(null);
          }}
          disabled={schema.isPending}
          comboboxProps={{ withinPortal: true }}
          data-testid="bulk-form"
        />
        {entry && (
          <Select
            label={t('bulk.field')}
            data={entry.fields.map((f) => ({ value: f.fieldId, label: f.label }))}
            value={fieldId}
            onChange={(next) => {
              setFieldId(next);
              setOp('set');
              setValue(null);
            }}
            comboboxProps={{ withinPortal: true }}
            data-testid="bulk-field"
          />
        )}
        {field && (
          <>
            <SegmentedControl
              aria-label={t('bulk.operation')}
              value={op}
              onChange={(next) => {
                setOp(next);
              }}
              data={bulkOps(field).map((o) => ({ value: o, label: t(`bulk.ops.${o}`) }))}
            />
            {op === 'clear' ? (
              <Alert color="yellow" variant="light">
                {t('bulk.clearWarning', { field: field.label, count: ids.length })}
              </Alert>
            ) : (
              <FieldInput
                field={{ ...field, required: false }}
                label={t('bulk.value')}
                value={value}
                onChange={setValue}
                lists={schema.lists}
                disabled={false}
                error={null}
              />
            )}
          </>
        )}
        {schema.error && <ErrorAlert>{describe(schema.error)}</ErrorAlert>}
        {start.isError && <ErrorAlert>{describe(start.error)}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={ready === null} loading={start.isPending}>
            {t('bulk.apply', { count: ids.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function BulkMetadataProgress({ runId, onClose }: { runId: string; onClose: () => void }) {
  const { t } = useTranslation(['forms', 'messages', 'common']);
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const run = useQuery({
    queryKey: queryKeys.bulkMetadataRun(runId),
    queryFn: ({ signal }) => bulkMetadataApi.get(runId, signal),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'completed' || state === 'failed' ? false : POLL_MS;
    },
  });
  const data = run.data;
  const ended = data?.state === 'completed' || data?.state === 'failed';
  const [invalidated, setInvalidated] = useState(false);
  if (ended && !invalidated) {
    setInvalidated(true);
    void client.invalidateQueries({ queryKey: queryKeys.items });
  }
  const skippedList = (data?.skipped ?? []).map((s) => s.title ?? s.id).join(', ');
  return (
    <Stack gap="sm">
      <Progress
        value={data?.progress ?? 0}
        size="lg"
        aria-label={t('bulk.progress')}
        animated={!ended}
        data-testid="bulk-progress"
      />
      <Text size="sm" aria-live="polite" data-testid="bulk-status">
        {data?.state === 'completed'
          ? t('bulk.done', { count: data.updated, total: data.total })
          : data?.state === 'failed'
            ? t('bulk.failed')
            : t('bulk.processed', { done: data?.processed ?? 0, total: data?.total ?? 0 })}
      </Text>
      {skippedList !== '' && (
        <Alert color="orange" variant="light" data-testid="bulk-skipped">
          {/* The catalogue's texts hold {name} placeholders, filled by the domain's formatMessage. */}
          {formatMessage(t('messages:failedToUpdateList'), { list: skippedList })}
        </Alert>
      )}
      {run.isError && <ErrorAlert>{describe(run.error)}</ErrorAlert>}
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid="bulk-close">
          {t(ended ? 'common:close' : 'bulk.hide')}
        </Button>
      </Group>
    </Stack>
  );
}
