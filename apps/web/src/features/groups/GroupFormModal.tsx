import { Modal, Stack, TextInput } from '@mantine/core';
import type { Permission } from '@skald/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { groupsApi } from '../../api/admin.ts';
import { isApiError } from '../../api/errors.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { Group as UserGroup } from '../../api/types.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { PermissionEditor } from '../../components/permissions/PermissionEditor.tsx';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useTextField } from '../../components/useTextField.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

interface GroupFormModalProps extends DialogProps {
  /** null: create a group; otherwise edit this one. Kept while the modal closes. */
  group: UserGroup | null;
}

export function GroupFormModal({
  opened,
  opening,
  group,
  onClose,
  onExitTransitionEnd,
}: GroupFormModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExitTransitionEnd}
      title={group ? t('groups.form.editTitle', { name: group.name }) : t('groups.form.createTitle')}
      size="xl"
      centered
    >
      {/* Mounted while the modal is shown, fading out included; keyed so each opening starts afresh. */}
      <GroupForm key={opening} group={group} onClose={onClose} />
    </Modal>
  );
}

function GroupForm({ group, onClose }: { group: UserGroup | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { describe, fieldMessage } = useErrorMessage();
  const client = useQueryClient();
  const name = useTextField(group?.name ?? '');
  const [permissions, setPermissions] = useState<Permission[]>(group?.permissions ?? []);

  const save = useMutation({
    mutationFn: (input: { name: string; permissions: Permission[] }) =>
      group ? groupsApi.update(group.id, input) : groupsApi.create(input),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: queryKeys.groups });
      void client.invalidateQueries({ queryKey: queryKeys.users });
      // Members' effective permissions may have changed, the current user's among them.
      void client.invalidateQueries({ queryKey: queryKeys.me });
      notifySuccess(t('groups.saved', { name: saved.name }));
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'conflict') name.setError(t('groups.form.nameTaken'));
      else if (fieldMessage(error, 'name')) name.setError(fieldMessage(error, 'name') ?? null);
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.value.trim()) {
      name.setError(t('groups.form.nameRequired'));
      return;
    }
    save.mutate({ name: name.value.trim(), permissions });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError && !name.error && <ErrorAlert>{describe(save.error)}</ErrorAlert>}
        <TextInput label={t('groups.form.name')} {...name.inputProps} data-autofocus required />
        <PermissionEditor value={permissions} onChange={setPermissions} />
        <ModalFooter
          submitLabel={group ? t('common:save') : t('groups.form.createSubmit')}
          submitting={save.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
