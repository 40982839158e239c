import { Button, Group, Pagination, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailPlus, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usersApi } from '../../api/admin.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { User } from '../../api/types.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PAGE_SIZE } from '../../config.ts';
import { TenantSecurityCard } from '../tenant-admin/TenantSecurityCard.tsx';
import { UserActionDialog } from './UserActionDialog.tsx';
import { UserCreateModal } from './UserCreateModal.tsx';
import { UserEditModal } from './UserEditModal.tsx';
import { UsersTable } from './UsersTable.tsx';
import { needsConfirmation, type UserAction } from './userActions.ts';
import { useRunUserAction } from './useRunUserAction.ts';

type Dialog =
  | { kind: 'none' }
  | { kind: 'create'; invite: boolean }
  | { kind: 'edit'; user: User }
  | { kind: 'action'; user: User; action: UserAction };

/** /settings/users: the tenant's users for its administrators. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [includeHidden, setIncludeHidden] = useState(false);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });

  const params = {
    search: debouncedSearch,
    includeHidden,
    from: (page - 1) * PAGE_SIZE,
    itemsPerPage: PAGE_SIZE,
  };
  const list = useQuery({
    queryKey: queryKeys.userList(params),
    queryFn: ({ signal }) => usersApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const close = () => {
    setDialog({ kind: 'none' });
  };
  const { run } = useRunUserAction();

  const onAction = (user: User, action: UserAction) => {
    if (action === 'edit') setDialog({ kind: 'edit', user });
    else if (needsConfirmation(action)) setDialog({ kind: 'action', user, action });
    else void run(user, action);
  };

  return (
    <Stack>
      <TenantSecurityCard />

      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <TextInput
            label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={280}
            type="search"
          />
          <Switch
            label={t('users.showHidden')}
            checked={includeHidden}
            onChange={(e) => {
              setIncludeHidden(e.currentTarget.checked);
              setPage(1);
            }}
            mb={8}
          />
        </Group>
        <Group>
          <Button
            variant="light"
            leftSection={<IconMailPlus size={16} />}
            onClick={() => {
              setDialog({ kind: 'create', invite: true });
            }}
          >
            {t('users.invite')}
          </Button>
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={() => {
              setDialog({ kind: 'create', invite: false });
            }}
          >
            {t('users.create')}
          </Button>
        </Group>
      </Group>

      <Paper withBorder>
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <Stack p="md">
            <ErrorState error={list.error} onRetry={() => void list.refetch()} />
          </Stack>
        ) : list.data.items.length === 0 ? (
          <EmptyState
            title={debouncedSearch ? t('users.noMatch', { search: debouncedSearch }) : t('users.empty')}
          />
        ) : (
          <UsersTable users={list.data.items} onAction={onAction} />
        )}
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data ? t('users.count', { count: list.data.total }) : ''}
        </Text>
        {pages > 1 && (
          <Pagination total={pages} value={page} onChange={setPage} aria-label={t('common:pagination')} />
        )}
      </Group>

      <UserCreateModal
        opened={dialog.kind === 'create'}
        invite={dialog.kind === 'create' && dialog.invite}
        onClose={close}
      />
      <UserEditModal user={dialog.kind === 'edit' ? dialog.user : null} onClose={close} />
      <UserActionDialog
        user={dialog.kind === 'action' ? dialog.user : null}
        action={dialog.kind === 'action' ? dialog.action : null}
        onClose={close}
      />
    </Stack>
  );
}
