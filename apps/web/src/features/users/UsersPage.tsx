import { Button, Group, Stack, Switch } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailPlus, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usersApi } from '../../api/admin.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { User } from '../../api/types.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListPanel } from '../../components/ListPanel.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { usePagedList } from '../../components/usePagedList.ts';
import { UserActionDialog } from './UserActionDialog.tsx';
import { UserCreateModal } from './UserCreateModal.tsx';
import { UserEditModal } from './UserEditModal.tsx';
import { UsersTable } from './UsersTable.tsx';
import { needsConfirmation, type UserAction } from './userActions.ts';
import { useRunUserAction } from './useRunUserAction.ts';

type Dialog =
  | { kind: 'create'; invite: boolean }
  | { kind: 'edit'; user: User }
  | { kind: 'action'; user: User; action: UserAction };

/** The tenant's users for its administrators: /settings/users, and My Team on /my-organisation. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [includeHidden, setIncludeHidden] = useState(false);
  const dialogs = useDialogState<Dialog>();
  const { list, paging } = usePagedList(
    { search: debouncedSearch, includeHidden },
    queryKeys.userList,
    usersApi.list,
  );
  const create = dialogs.of('create');
  const edit = dialogs.of('edit');
  const confirm = dialogs.of('action');
  const { run } = useRunUserAction();

  const onAction = (user: User, action: UserAction) => {
    if (action === 'edit') dialogs.open({ kind: 'edit', user });
    else if (needsConfirmation(action)) dialogs.open({ kind: 'action', user, action });
    else void run(user, action);
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <SearchField
            label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            value={search}
            onChange={(value) => {
              setSearch(value);
              paging.setPage(1);
            }}
          />
          <Switch
            label={t('users.showHidden')}
            checked={includeHidden}
            onChange={(e) => {
              setIncludeHidden(e.currentTarget.checked);
              paging.setPage(1);
            }}
            mb={8}
          />
        </Group>
        <Group>
          <Button
            variant="light"
            leftSection={<IconMailPlus size={16} />}
            onClick={() => {
              dialogs.open({ kind: 'create', invite: true });
            }}
          >
            {t('users.invite')}
          </Button>
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={() => {
              dialogs.open({ kind: 'create', invite: false });
            }}
          >
            {t('users.create')}
          </Button>
        </Group>
      </Group>

      <ListPanel
        list={list}
        empty={
          <EmptyState
            title={debouncedSearch ? t('users.noMatch', { search: debouncedSearch }) : t('users.empty')}
          />
        }
      >
        {(users) => <UsersTable users={users} onAction={onAction} />}
      </ListPanel>
      <ListFooter {...paging} count={list.data ? t('users.count', { count: list.data.total }) : ''} />

      <UserCreateModal {...create.props} invite={create.data?.invite ?? false} />
      <UserEditModal {...edit.props} user={edit.data?.user ?? null} />
      <UserActionDialog
        {...confirm.props}
        user={confirm.data?.user ?? null}
        action={confirm.data?.action ?? null}
      />
    </Stack>
  );
}
