import { Alert, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { placeholdersApi } from '../../api/placeholders.ts';
import type { ApiInput } from '../../api/schema.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemDetailsPath } from '../../routing/paths.ts';
import { useViewValues } from '../metadata-forms/useViewValues.ts';
import { ViewFormFields } from '../metadata-forms/ViewFormFields.tsx';

const TYPES = ['video', 'audio', 'image', 'file'] as const;
type PlaceholderType = (typeof TYPES)[number];
const NOTHING_STORED = {};
type PlaceholderBody = ApiInput<'/api/v1/placeholders', 'post'>;

interface NewPlaceholderDialogProps {
  folderId: string;
  opened: boolean;
  onClose: () => void;
}

/** Spec §6 item.createPlaceholder: a title, a type and the forms' create placeholder view. */
export function NewPlaceholderDialog({ folderId, opened, onClose }: NewPlaceholderDialogProps) {
  const { t } = useTranslation(['folders', 'items']);
  const { describe } = useErrorMessage();
  const navigate = useNavigate();
  const client = useQueryClient();
  const values = useViewValues('createPlaceholder', NOTHING_STORED);
  const [title, setTitle] = useState('');
  const [itemType, setItemType] = useState<PlaceholderType>('video');
  const [touched, setTouched] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      placeholdersApi.create({
        folderId,
        itemType,
        title: title.trim(),
        // Read-only lists are sent as they are: JSON does not know readonly.
        formValues: values.sendable as PlaceholderBody['formValues'],
      }),
    onSuccess: (item) => {
      client.setQueryData(queryKeys.item(item.id), item);
      void client.invalidateQueries({ queryKey: queryKeys.items });
      onClose();
      void navigate(itemDetailsPath(item.id));
    },
  });
  const invalidValues = Object.keys(values.errors).length > 0;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (title.trim() && !invalidValues) create.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('placeholder.title')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('placeholder.name')}
            value={title}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
            }}
            error={touched && !title.trim() ? t('placeholder.nameRequired') : undefined}
            required
            data-autofocus
          />
          <Select
            label={t('placeholder.type')}
            data={TYPES.map((type) => ({ value: type, label: t(`items:types.${type}`) }))}
            value={itemType}
            onChange={(value) => {
              if (value) setItemType(value);
            }}
            allowDeselect={false}
          />
          {values.error && <ErrorAlert>{describe(values.error)}</ErrorAlert>}
          {values.entries.length > 0 && (
            <ViewFormFields
              entries={values.entries}
              values={values.values}
              onChange={values.set}
              lists={values.lists}
              errors={values.errors}
            />
          )}
          {touched && invalidValues && <Alert color="red">{t('placeholder.invalidValues')}</Alert>}
          {create.error && <ErrorAlert>{describe(create.error)}</ErrorAlert>}
          <ModalFooter
            submitLabel={t('placeholder.create')}
            submitting={create.isPending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
