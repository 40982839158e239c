import { Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { folderDefaultsApi } from '../../api/forms.ts';
import type { Folder } from '../../api/folders.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useViewValues } from './useViewValues.ts';
import { ViewFormFields } from './ViewFormFields.tsx';
import type { ViewValues } from './viewValues.ts';

/** Spec §2: the folder view sets the form values items uploaded into the folder start with. */
export function FolderFormDefaultsModal({ folder, ...dialog }: DialogProps & { folder: Folder | null }) {
  const { t } = useTranslation('forms');
  return (
    <Modal
      opened={dialog.opened}
      onClose={dialog.onClose}
      onExitTransitionEnd={dialog.onExitTransitionEnd}
      title={t('folderDefaults.title', { name: folder?.name ?? '' })}
      size="xl"
      centered
    >
      {folder && <FolderDefaults key={dialog.opening} folder={folder} onClose={dialog.onClose} />}
    </Modal>
  );
}

function FolderDefaults({ folder, onClose }: { folder: Folder; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const client = useQueryClient();
  const { describe, fieldMessage } = useErrorMessage();
  const stored = useQuery({
    queryKey: queryKeys.folderFormDefaults(folder.id),
    queryFn: ({ signal }) => folderDefaultsApi.get(folder.id, signal),
  });
  const values = useViewValues('folder', stored.data?.forms as ViewValues | undefined);
  const [showErrors, setShowErrors] = useState(false);
  const save = useMutation({
    mutationFn: (forms: ViewValues) => folderDefaultsApi.put(folder.id, forms),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.folderFormDefaults(folder.id), saved);
      notifySuccess(t('folderDefaults.saved', { name: folder.name }));
      onClose();
    },
  });
  if (stored.isPending || values.isPending) return <LoadingState />;
  const loadError = stored.error ?? values.error;
  if (loadError) return <ErrorAlert>{describe(loadError)}</ErrorAlert>;
  // The server's messages at forms.<form>.<field>, else the domain's found here.
  const serverErrors = Object.fromEntries(
    values.entries.flatMap(({ form, fields }) =>
      fields.flatMap(({ field }) => {
        const key = `${form.id}.${field.fieldId}`;
        const message = save.error ? fieldMessage(save.error, `forms.${key}`) : undefined;
        return message === undefined ? [] : [[key, message]];
      }),
    ),
  );
  const errors = showErrors ? { ...values.errors, ...serverErrors } : serverErrors;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(values.errors).length === 0) save.mutate(values.sendable);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('folderDefaults.hint')}
        </Text>
        {save.isError && Object.keys(serverErrors).length === 0 && (
          <ErrorAlert>{describe(save.error)}</ErrorAlert>
        )}
        {values.entries.length === 0 ? (
          <Text size="sm">{t('folderDefaults.none')}</Text>
        ) : (
          <ViewFormFields
            entries={values.entries}
            values={values.values}
            onChange={values.set}
            lists={values.lists}
            errors={errors}
            defaultOpen={values.entries.map((e) => e.form.id)}
          />
        )}
        <ModalFooter submitLabel={t('common:save')} submitting={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
