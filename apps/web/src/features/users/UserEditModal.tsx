import { Checkbox, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import type { Permission } from '@skald/domain';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors.ts';
import type { User, UserRole } from '../../api/types.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { PermissionEditor } from '../../components/permissions/PermissionEditor.tsx';
import { PermissionList } from '../../components/permissions/PermissionList.tsx';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useTextField } from '../../components/useTextField.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { GroupPicker } from './GroupPicker.tsx';
import { useUserMutations } from './useUserMutations.ts';

interface UserEditModalProps extends DialogProps {
  /** Kept while the modal closes. */
  user: User | null;
}

export function UserEditModal({ opened, opening, user, onClose, onExitTransitionEnd }: UserEditModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExitTransitionEnd}
      title={user ? t('users.form.editTitle', { name: user.name }) : ''}
      size="xl"
      centered
    >
      {/* Keyed so each opening starts from the user as listed. */}
      {user && <UserEditForm key={opening} user={user} onClose={onClose} />}
    </Modal>
  );
}

function withRole(roles: UserRole[], role: UserRole, on: boolean): UserRole[] {
  const rest = roles.filter((r) => r !== role);
  return on ? [...rest, role] : rest;
}

function UserEditForm({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'messages']);
  const { describe } = useErrorMessage();
  const { update } = useUserMutations();
  const name = useTextField(user.name);
  const [groupIds, setGroupIds] = useState(user.groups.map((g) => g.id));
  const [roles, setRoles] = useState(user.roles);
  const [permissions, setPermissions] = useState<Permission[]>(user.permissions);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.value.trim()) {
      name.setError(t('users.form.nameRequired'));
      return;
    }
    update.mutate(
      { id: user.id, input: { name: name.value.trim(), groupIds, roles, permissions } },
      {
        onSuccess: (saved) => {
          notifySuccess(t('users.saved', { name: saved.name }));
          onClose();
        },
      },
    );
  };

  // Spec §8: 'Failed to update user, please try again later', with the reason when the server gave one.
  const reason =
    update.isError && isApiError(update.error) && update.error.status >= 400 && update.error.status < 500
      ? describe(update.error)
      : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {update.isError && <ErrorAlert title={t('messages:failedToUpdateUser')}>{reason}</ErrorAlert>}
        <Tabs defaultValue="details">
          <Tabs.List>
            <Tabs.Tab value="details">{t('users.form.detailsTab')}</Tabs.Tab>
            <Tabs.Tab value="permissions">{t('users.form.permissionsTab')}</Tabs.Tab>
            <Tabs.Tab value="effective">{t('users.form.effectiveTab')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details" pt="md">
            <Stack>
              <TextInput label={t('users.form.name')} {...name.inputProps} data-autofocus required />
              <TextInput label={t('users.form.email')} value={user.email} readOnly variant="filled" />
              <GroupPicker value={groupIds} onChange={setGroupIds} />
              <Checkbox
                label={t('common:roles.admin')}
                description={t('users.form.adminDescription')}
                checked={roles.includes('admin')}
                onChange={(e) => {
                  setRoles(withRole(roles, 'admin', e.currentTarget.checked));
                }}
              />
            </Stack>
          </Tabs.Panel>
          <DescribedPanel value="permissions" description={t('users.form.permissionsDescription')}>
            <PermissionEditor value={permissions} onChange={setPermissions} />
          </DescribedPanel>
          <DescribedPanel value="effective" description={t('users.form.effectiveDescription')}>
            <PermissionList permissions={user.effectivePermissions} />
          </DescribedPanel>
        </Tabs>
        <ModalFooter submitLabel={t('common:save')} submitting={update.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

function DescribedPanel({
  value,
  description,
  children,
}: {
  value: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Tabs.Panel value={value} pt="md">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Tabs.Panel>
  );
}
