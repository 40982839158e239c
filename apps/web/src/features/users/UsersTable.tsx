import { ActionIcon, Badge, Group, Menu, Table, Text } from '@mantine/core';
import {
  IconDots,
  IconEye,
  IconEyeOff,
  IconLogout,
  IconMail,
  IconPencil,
  IconTrash,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import type { User } from '../../api/types.ts';
import { DataTable } from '../../components/DataTable.tsx';
import {
  EditAction,
  OPENABLE_ROW,
  RowActions,
  RowOpenButton,
  openOnRowClick,
} from '../../components/RowActions.tsx';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { userActions, type UserAction } from './userActions.ts';

const ICONS: Record<UserAction, typeof IconPencil> = {
  edit: IconPencil,
  invite: IconMail,
  activate: IconUserCheck,
  deactivate: IconUserOff,
  hide: IconEyeOff,
  show: IconEye,
  logout: IconLogout,
  delete: IconTrash,
};

interface UsersTableProps {
  users: User[];
  onAction: (user: User, action: UserAction) => void;
}

export function UsersTable({ users, onAction }: UsersTableProps) {
  const { t } = useTranslation(['admin', 'messages']);
  const me = useCurrentUser();
  const format = useFormatters();

  return (
    <DataTable
      label={t('users.title')}
      testId="users-table"
      minWidth={860}
      columns={[
        t('users.columns.name'),
        t('users.columns.groups'),
        t('users.columns.status'),
        t('users.columns.lastSignIn'),
      ]}
      actionsLabel={t('users.columns.actions')}
    >
      {users.map((user) => (
        <Table.Tr
          key={user.id}
          data-user-id={user.id}
          opacity={user.hidden ? 0.7 : 1}
          style={OPENABLE_ROW}
          onClick={openOnRowClick(() => {
            onAction(user, 'edit');
          })}
        >
          <Table.Td>
            <RowOpenButton
              onClick={() => {
                onAction(user, 'edit');
              }}
            >
              <Text size="sm" fw={500}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed">
                {user.email}
              </Text>
            </RowOpenButton>
          </Table.Td>
          <Table.Td>
            <Group gap={4}>
              {user.groups.map((g) => (
                <Badge key={g.id} size="sm" variant="light" color="gray" tt="none">
                  {g.name}
                </Badge>
              ))}
            </Group>
          </Table.Td>
          <Table.Td>
            <Group gap={4}>
              {user.active ? (
                <Badge size="sm" color="teal" variant="light">
                  {t('users.status.active')}
                </Badge>
              ) : (
                <Badge size="sm" color="red" variant="light">
                  {t('users.status.deactivated')}
                </Badge>
              )}
              {user.hidden && (
                <Badge size="sm" color="gray" variant="outline">
                  {t('users.status.hidden')}
                </Badge>
              )}
              {user.external && (
                <Badge size="sm" color="grape" variant="light">
                  {t('users.status.external')}
                </Badge>
              )}
              {user.roles.includes('admin') && (
                <Badge size="sm" color="orange" variant="light">
                  {t('common:roles.admin')}
                </Badge>
              )}
              {user.mfaEnabled && (
                <Badge size="sm" color="indigo" variant="light">
                  {t('users.status.mfa')}
                </Badge>
              )}
            </Group>
          </Table.Td>
          <Table.Td>
            <Text size="sm">
              {user.lastSignInAt ? format.dateTime(user.lastSignInAt) : t('users.neverSignedIn')}
            </Text>
          </Table.Td>
          <Table.Td>
            <RowActions>
              <EditAction
                label={t('users.actions.editNamed', { name: user.name })}
                onClick={() => {
                  onAction(user, 'edit');
                }}
              />
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={t('users.actions.menu', { name: user.name })}>
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {userActions(user, me.user.id)
                    .filter((state) => state.action !== 'edit')
                    .map(({ action, blocked }) => {
                      const Icon = ICONS[action];
                      const reason =
                        blocked === null
                          ? null
                          : blocked === 'external' && (action === 'delete' || action === 'logout')
                            ? t('messages:externalUserProtected')
                            : t(`users.blocked.${blocked}`);
                      return (
                        <Menu.Item
                          key={action}
                          leftSection={<Icon size={16} />}
                          color={action === 'delete' || action === 'deactivate' ? 'red' : undefined}
                          disabled={blocked !== null}
                          onClick={() => {
                            onAction(user, action);
                          }}
                        >
                          {t(`users.actions.${action}`)}
                          {reason && (
                            <Text size="xs" c="dimmed" maw={220}>
                              {reason}
                            </Text>
                          )}
                        </Menu.Item>
                      );
                    })}
                </Menu.Dropdown>
              </Menu>
            </RowActions>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
