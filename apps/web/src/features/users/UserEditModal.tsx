import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import type { Permission } from '@skald/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors.ts';
import type { User } from '../../api/types.ts';
import { notifySuccess } from '../../components/notify.ts';
import { PermissionEditor } from '../../components/permissions/PermissionEditor.tsx';
import { PermissionList } from '../../components/permissions/PermissionList.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useGroupOptions } from './useGroupOptions.ts';
import { useUserMutations } from './useUserMutations.ts';

export function UserEditModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? t('users.form.editTitle', { name: user.name }) : ''}
      size="xl"
      centered
    >
      {user && <UserEditForm key={user.id} user={user} onClose={onClose} />}
    </Modal>
  );
}

function withRole(roles: string[], role: string, on: boolean): string[] {
  const rest = roles.filter((r) => r !== role);
  return on ? [...rest, role] : rest;
}

function UserEditForm({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'messages']);
  const { describe } = useErrorMessage();
  const groups = useGroupOptions();
  const { update } = useUserMutations();
  const [name, setName] = useState(user.name);
  const [groupIds, setGroupIds] = useState(user.groups.map((g) => g.id));
  const [roles, setRoles] = useState(user.roles);
  const [permissions, setPermissions] = useState<Permission[]>(user.permissions);
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t('users.form.nameRequired'));
      return;
    }
    update.mutate(
      { id: user.id, input: { name: name.trim(), groupIds, roles, permissions } },
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
        {update.isError && (
          <Alert color="red" icon={<IconAlertCircle />} title={t('messages:failedToUpdateUser')} role="alert">
            {reason}
          </Alert>
        )}
        <Tabs defaultValue="details">
          <Tabs.List>
            <Tabs.Tab value="details">{t('users.form.detailsTab')}</Tabs.Tab>
            <Tabs.Tab value="permissions">{t('users.form.permissionsTab')}</Tabs.Tab>
            <Tabs.Tab value="effective">{t('users.form.effectiveTab')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details" pt="md">
            <Stack>
              <TextInput
                label={t('users.form.name')}
                value={name}
                onChange={(e) => {
                  setName(e.currentTarget.value);
                  setNameError(null);
                }}
                error={nameError}
                data-autofocus
                required
              />
              <TextInput label={t('users.form.email')} value={user.email} readOnly variant="filled" />
              <MultiSelect
                label={t('users.form.groups')}
                data={groups.options}
                value={groupIds}
                onChange={setGroupIds}
                searchable
                clearable
                nothingFoundMessage={t('users.form.noGroups')}
                error={groups.isError ? t('users.form.groupsFailed') : undefined}
                comboboxProps={{ withinPortal: true }}
              />
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
          <Tabs.Panel value="permissions" pt="md">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('users.form.permissionsDescription')}
              </Text>
              <PermissionEditor value={permissions} onChange={setPermissions} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="effective" pt="md">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('users.form.effectiveDescription')}
              </Text>
              <PermissionList permissions={user.effectivePermissions} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
