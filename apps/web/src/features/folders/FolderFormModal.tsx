import { Modal, Stack, TextInput } from '@mantine/core';
import { type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder, FolderPathEntry } from '../../api/folders.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useTextField } from '../../components/useTextField.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useFolderMutations } from './useFolderMutations.ts';

interface FolderFormModalProps extends DialogProps {
  /** Creating a folder in `parent`, or renaming `folder`. Kept while the modal closes. */
  target: { mode: 'create'; parent: FolderPathEntry } | { mode: 'rename'; folder: Folder } | null;
  onCreated?: (folder: Folder) => void;
}

export function FolderFormModal({
  opened,
  opening,
  target,
  onClose,
  onExitTransitionEnd,
  onCreated,
}: FolderFormModalProps) {
  const { t } = useTranslation('folders');
  const title =
    target?.mode === 'rename'
      ? t('form.renameTitle', { name: target.folder.name })
      : t('form.createTitle', { parent: target?.parent.name ?? '' });
  return (
    <Modal opened={opened} onClose={onClose} onExitTransitionEnd={onExitTransitionEnd} title={title} centered>
      {target && <FolderForm key={opening} target={target} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function FolderForm({
  target,
  onClose,
  onCreated,
}: {
  target: NonNullable<FolderFormModalProps['target']>;
  onClose: () => void;
  onCreated: ((folder: Folder) => void) | undefined;
}) {
  const { t } = useTranslation('folders');
  const { describe, fieldMessage } = useErrorMessage();
  const name = useTextField(target.mode === 'rename' ? target.folder.name : '');
  const { create, update } = useFolderMutations();
  const saving = target.mode === 'create' ? create : update;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = name.value.trim();
    if (!value) {
      name.setError(t('form.nameRequired'));
      return;
    }
    const onError = (error: unknown) => {
      const message = fieldMessage(error, 'name');
      if (message) name.setError(message);
    };
    if (target.mode === 'create') {
      create.mutate(
        { name: value, parentId: target.parent.id },
        {
          onSuccess: (folder) => {
            notifySuccess(t('form.created', { name: folder.name }));
            onCreated?.(folder);
            onClose();
          },
          onError,
        },
      );
    } else {
      update.mutate(
        { id: target.folder.id, input: { name: value } },
        {
          onSuccess: (folder) => {
            notifySuccess(t('form.renamed', { name: folder.name }));
            onClose();
          },
          onError,
        },
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {saving.isError && !name.error && <ErrorAlert>{describe(saving.error)}</ErrorAlert>}
        <TextInput label={t('form.name')} {...name.inputProps} data-autofocus required maxLength={255} />
        <ModalFooter
          submitLabel={target.mode === 'create' ? t('form.createSubmit') : t('common:save')}
          submitting={saving.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
