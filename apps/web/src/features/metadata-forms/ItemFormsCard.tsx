import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  canWriteField,
  fieldReaderOf,
  validateFormValues,
  type FieldReader,
  type FieldValue,
  type MetadataForm,
  type OptionLists,
} from '@skald/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import { itemMetadataApi } from '../../api/forms.ts';
import { principalOf } from '../../api/principal.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { FieldInput } from './FieldInput.tsx';
import { FormIcon } from './formIcons.tsx';
import { changedValues, draftOf, jsonValue, shownFields } from './formDraft.ts';
import { useFormSchema } from './useFormSchema.ts';
import { useSpecMessage } from './useSpecMessage.ts';

/** Spec §2 Metadata tab: the item's forms, rendered from their schema, each saved on its own. */
export function ItemFormsCard({ itemId }: { itemId: string }) {
  const { t } = useTranslation('forms');
  const { describe } = useErrorMessage();
  const me = useCurrentUser();
  const schema = useFormSchema();
  const metadata = useQuery({
    queryKey: queryKeys.itemMetadata(itemId),
    queryFn: ({ signal }) => itemMetadataApi.get(itemId, signal),
  });
  if (schema.isPending || metadata.isPending) return <LoadingState />;
  const error = schema.error ?? metadata.error;
  if (error || !metadata.data) return <ErrorAlert>{describe(error)}</ErrorAlert>;
  const reader = fieldReaderOf(principalOf(me));
  // The folder default form holds a folder's values (its folder view), not an item's.
  const shown = schema.forms.filter(
    (f) => f.active && f.builtIn !== 'folderDefault' && shownFields(f, reader).length > 0,
  );
  if (shown.length === 0) return null;
  return (
    <Stack style={{ gridColumn: '1 / -1' }} data-testid="item-forms">
      {shown.map((form) => (
        <FormPanel
          key={`${form.id}:${metadata.dataUpdatedAt}`}
          itemId={itemId}
          form={form}
          reader={reader}
          lists={schema.lists}
          stored={metadata.data.values[form.id] ?? {}}
          writable={metadata.data.writable[form.id] ?? []}
        />
      ))}
      <Text size="xs" c="dimmed">
        {t('item.required')}
      </Text>
    </Stack>
  );
}

interface FormPanelProps {
  itemId: string;
  form: MetadataForm;
  reader: FieldReader;
  lists: OptionLists;
  stored: Readonly<Record<string, unknown>>;
  writable: readonly string[];
}

function FormPanel({ itemId, form, reader, lists, stored, writable }: FormPanelProps) {
  const { t } = useTranslation('forms');
  const client = useQueryClient();
  const { describe, fieldMessage } = useErrorMessage();
  const specMessage = useSpecMessage();
  const fields = shownFields(form, reader);
  const [draft, setDraft] = useState(() => draftOf(form, fields, stored, new Date()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mayWrite = (fieldId: string) => writable.includes(fieldId);
  const editable = fields.filter((f) => mayWrite(f.fieldId));

  const save = useMutation({
    mutationFn: (values: Record<string, FieldValue>) => itemMetadataApi.update(itemId, { [form.id]: values }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.itemMetadata(itemId), saved);
      void client.invalidateQueries({ queryKey: queryKeys.item(itemId) });
      void client.invalidateQueries({ queryKey: queryKeys.itemHistory(itemId) });
      notifySuccess(t('item.saved', { form: form.label }));
    },
    onError: (error) => {
      const found = Object.fromEntries(
        fields.flatMap((f) => {
          const message = fieldMessage(error, `forms.${form.id}.${f.fieldId}`);
          return message === undefined ? [] : [[f.fieldId, message]];
        }),
      );
      setErrors(found);
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const jsonErrors = editable.filter(
      (f) => f.type === 'JSON' && jsonValue(draft[f.fieldId] ?? null) === undefined,
    );
    const changes = changedValues(editable, draft, stored);
    const next = { ...stored, ...changes };
    const writableForm = {
      ...form,
      fields: form.fields.filter((f) => canWriteField(f, reader) && mayWrite(f.fieldId)),
    };
    const found: Record<string, string> = Object.fromEntries([
      ...validateFormValues(writableForm, next, reader, lists).map((e): [string, string] => [
        e.fieldId,
        specMessage(e.message),
      ]),
      ...jsonErrors.map((f): [string, string] => [f.fieldId, t('item.invalidJson')]),
    ]);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(changes);
  };

  return (
    <Paper withBorder p="md" data-testid={`form-${form.id}`}>
      <form onSubmit={submit} noValidate aria-label={form.label}>
        <Stack>
          <Group gap={6}>
            <FormIcon name={form.icon} color={form.color} />
            <Title order={2} size="h5">
              {form.label}
            </Title>
          </Group>
          {save.isError && Object.keys(errors).length === 0 && (
            <ErrorAlert>{describe(save.error)}</ErrorAlert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields.map((field) => (
              <FieldInput
                key={field.fieldId}
                field={field}
                label={form.views.item?.[field.fieldId]?.label ?? field.label}
                value={draft[field.fieldId] ?? null}
                onChange={(value) => {
                  setDraft((d) => ({ ...d, [field.fieldId]: value }));
                }}
                lists={lists}
                disabled={!mayWrite(field.fieldId)}
                error={errors[field.fieldId] ?? null}
                itemId={itemId}
              />
            ))}
          </SimpleGrid>
          {editable.length > 0 && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('item.save', { form: form.label })}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
