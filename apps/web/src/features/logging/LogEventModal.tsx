import { Modal, NumberInput, SimpleGrid, Stack, Textarea } from '@mantine/core';
import {
  LOG_EVENT_LIMITS,
  MESSAGES,
  canWriteField,
  fieldReaderOf,
  validateFormValues,
  type MetadataForm,
  type OptionLists,
} from '@skald/domain';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import type { LogEvent, LogEventPatch } from '../../api/logEvents.ts';
import { principalOf } from '../../api/principal.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { FieldInput } from '../metadata-forms/FieldInput.tsx';
import { changedValues, draftOf, shownFields } from '../metadata-forms/formDraft.ts';
import { useSpecMessage } from '../metadata-forms/useSpecMessage.ts';

interface LogEventModalProps {
  event: LogEvent;
  form: MetadataForm | undefined;
  lists: OptionLists;
  saving: boolean;
  error: unknown;
  onSave: (patch: LogEventPatch) => void;
  onClose: () => void;
}

const seconds = (ms: number | null) => (ms === null ? '' : ms / 1000);
const millis = (value: string | number) => (typeof value === 'number' ? Math.round(value * 1000) : null);

/** Edits a log event: its start and end (seconds), its text and its form's values (spec §5 checks). */
export function LogEventModal({ event, form, lists, saving, error, onSave, onClose }: LogEventModalProps) {
  const { t } = useTranslation('logging');
  const { describe, fieldMessage } = useErrorMessage();
  const specMessage = useSpecMessage();
  const reader = fieldReaderOf(principalOf(useCurrentUser()));
  const fields = form ? shownFields(form, reader).filter((f) => canWriteField(f, reader)) : [];
  const [start, setStart] = useState<string | number>(seconds(event.startMs));
  const [end, setEnd] = useState<string | number>(seconds(event.endMs));
  const [text, setText] = useState(event.text);
  const [draft, setDraft] = useState(() => (form ? draftOf(form, fields, event.values, new Date()) : {}));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const startMs = millis(start);
    const endMs = millis(end);
    const found: Record<string, string> = {};
    if (startMs === null) found.startMs = specMessage(MESSAGES.valueRequired);
    if (startMs !== null && endMs !== null && endMs < startMs)
      found.endMs = specMessage(MESSAGES.logEventEndBeforeStart);
    const changes = changedValues(fields, draft, event.values);
    if (form) {
      const writable = { ...form, fields };
      for (const v of validateFormValues(writable, { ...event.values, ...changes }, reader, lists))
        found[v.fieldId] = specMessage(v.message);
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || startMs === null) return;
    onSave({ startMs, endMs, text, values: changes });
  };

  const serverError = (field: string) => errors[field] ?? fieldMessage(error, field) ?? null;
  return (
    <Modal opened onClose={onClose} title={t('edit.title', { form: form?.label ?? event.formId })} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {error !== null && Object.keys(errors).length === 0 && <ErrorAlert>{describe(error)}</ErrorAlert>}
          <SimpleGrid cols={2}>
            <NumberInput
              label={t('edit.start')}
              min={0}
              decimalScale={3}
              value={start}
              onChange={setStart}
              required
              error={serverError('startMs')}
            />
            <NumberInput
              label={t('edit.end')}
              min={0}
              decimalScale={3}
              value={end}
              onChange={setEnd}
              error={serverError('endMs')}
            />
          </SimpleGrid>
          <Textarea
            label={t('edit.text')}
            autosize
            minRows={2}
            maxLength={LOG_EVENT_LIMITS.textMax}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
            }}
            error={serverError('text')}
          />
          {form &&
            fields.map((field) => (
              <FieldInput
                key={field.fieldId}
                field={field}
                label={form.views.item?.[field.fieldId]?.label ?? field.label}
                value={draft[field.fieldId] ?? null}
                onChange={(value) => {
                  setDraft((d) => ({ ...d, [field.fieldId]: value }));
                }}
                lists={lists}
                disabled={false}
                error={errors[field.fieldId] ?? fieldMessage(error, `values.${field.fieldId}`) ?? null}
              />
            ))}
          <ModalFooter submitLabel={t('edit.save')} submitting={saving} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
