import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { Permission } from '@skald/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { groupsApi } from '../../api/admin.ts';
import { isApiError } from '../../api/errors.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { Group as UserGroup } from '../../api/types.ts';
import { notifySuccess } from '../../components/notify.ts';
import { PermissionEditor } from '../../components/permissions/PermissionEditor.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

interface GroupFormModalProps {
  opened: boolean;
  group: UserGroup | null;
  onClose: () => void;
}

export function GroupFormModal({ opened, group, onClose }: GroupFormModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group ? t('groups.form.editTitle', { name: group.name }) : t('groups.form.createTitle')}
      size="xl"
      centered
    >
      {opened && <GroupForm key={group?.id ?? 'new'} group={group} onClose={onClose} />}
    </Modal>
  );
}

function GroupForm({ group, onClose }: { group: UserGroup | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { describe, fieldMessage } = useErrorMessage();
  const client = useQueryClient();
  const [name, setName] = useState(group?.name ?? '');
  const [permissions, setPermissions] = useState<Permission[]>(group?.permissions ?? []);
  const [nameError, setNameError] = useState<string | null>(null);

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
      if (isApiError(error) && error.code === 'conflict') setNameError(t('groups.form.nameTaken'));
      else if (fieldMessage(error, 'name')) setNameError(fieldMessage(error, 'name') ?? null);
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t('groups.form.nameRequired'));
      return;
    }
    save.mutate({ name: name.trim(), permissions });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError && !nameError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {describe(save.error)}
          </Alert>
        )}
        <TextInput
          label={t('groups.form.name')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
          data-autofocus
          required
        />
        <PermissionEditor value={permissions} onChange={setPermissions} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {group ? t('common:save') : t('groups.form.createSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
