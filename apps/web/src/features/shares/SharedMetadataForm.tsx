import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { publicSharesApi, type SharedMetadata } from '../../api/shares.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

type Field = SharedMetadata['forms'][number]['fields'][number];
type Values = Record<string, Record<string, unknown>>;

/** A shared item's fields in the forms' share view; editable and saved when the share allows editing metadata. */
export function SharedMetadataForm({ token, itemId }: { token: string; itemId: string }) {
  const { t } = useTranslation('shares');
  const client = useQueryClient();
  const { describe, fieldMessage } = useErrorMessage();
  const key = [...queryKeys.sharePage(token), 'metadata', itemId];
  const metadata = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => publicSharesApi.metadata(token, itemId, signal),
  });
  const [changes, setChanges] = useState<Values>({});
  const save = useMutation({
    mutationFn: () => publicSharesApi.editMetadata(token, itemId, changes),
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      setChanges({});
      notifySuccess(t('public.metadataSaved'));
    },
  });
  if (metadata.isPending) return <LoadingState />;
  if (metadata.isError) return <ErrorAlert>{describe(metadata.error)}</ErrorAlert>;
  const { forms, values } = metadata.data;
  if (forms.length === 0) return null;
  const editable = forms.some((f) => f.fields.some((x) => x.writable));
  const valueOf = (formId: string, fieldId: string) =>
    changes[formId] && Object.hasOwn(changes[formId], fieldId)
      ? changes[formId][fieldId]
      : values[formId]?.[fieldId];
  const set = (formId: string, fieldId: string, value: unknown) => {
    setChanges((current) => ({ ...current, [formId]: { ...current[formId], [fieldId]: value } }));
  };
  const errorOf = (formId: string, fieldId: string) =>
    save.error && isApiError(save.error) ? fieldMessage(save.error, `forms.${formId}.${fieldId}`) : undefined;

  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
      data-testid="shared-metadata-form"
    >
      <Title order={2} size="h5">
        {editable ? t('public.metadataEdit') : t('public.metadata')}
      </Title>
      {forms.map((form) => (
        <Fieldset key={form.id} legend={form.label} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {form.fields.map((field) => (
              <FieldInput
                key={field.fieldId}
                field={field}
                value={valueOf(form.id, field.fieldId)}
                error={errorOf(form.id, field.fieldId)}
                onChange={(value) => {
                  set(form.id, field.fieldId, value);
                }}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
      {save.isError && !(isApiError(save.error) && save.error.code === 'bad_request') && (
        <ErrorAlert>{describe(save.error)}</ErrorAlert>
      )}
      {editable && (
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={Object.keys(changes).length === 0}>
            {t('public.metadataSave')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);

/** One field: an input when it is writable, its value as text otherwise. */
function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: Field;
  value: unknown;
  error: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation('shares');
  const common = { label: field.label, required: field.required, error };
  const options = field.alternatives.map((a) => ({ value: a.value, label: a.label }));
  if (!field.writable) {
    const shown = Array.isArray(value)
      ? value.join(', ')
      : typeof value === 'boolean'
        ? t(value ? 'public.yes' : 'public.no')
        : text(value);
    return <TextInput {...common} value={shown} readOnly variant="filled" />;
  }
  switch (field.type) {
    case 'Checkbox':
      return (
        <Checkbox
          label={field.label}
          checked={value === true}
          error={error}
          onChange={(event) => {
            onChange(event.currentTarget.checked);
          }}
        />
      );
    case 'Choice':
      return (
        <Select
          {...common}
          data={options}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => {
            onChange(next);
          }}
          clearable={!field.required}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'MultipleChoice':
      return (
        <MultiSelect
          {...common}
          data={options}
          value={Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []}
          onChange={onChange}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'Date':
      return (
        <TextInput
          {...common}
          type="date"
          value={text(value)}
          onChange={(event) => {
            onChange(event.currentTarget.value === '' ? null : event.currentTarget.value);
          }}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={text(value)}
          onChange={(event) => {
            onChange(event.currentTarget.value === '' ? null : event.currentTarget.value);
          }}
        />
      );
  }
}
