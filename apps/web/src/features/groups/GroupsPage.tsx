import { Button, Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupsApi } from '../../api/admin.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { Group as UserGroup } from '../../api/types.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListPanel } from '../../components/ListPanel.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { usePagedList } from '../../components/usePagedList.ts';
import { GroupDeleteDialog } from './GroupDeleteDialog.tsx';
import { GroupFormModal } from './GroupFormModal.tsx';
import { GroupsTable } from './GroupsTable.tsx';

type Dialog =
  /** Creating a group (group null) or editing one. */
  { kind: 'form'; group: UserGroup | null } | { kind: 'delete'; group: UserGroup };

/** User groups and their permissions: /settings/groups, and Groups on /my-organisation. */
export function GroupsPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const dialogs = useDialogState<Dialog>();
  const form = dialogs.of('form');
  const remove = dialogs.of('delete');
  const { list, paging } = usePagedList({ search: debouncedSearch }, queryKeys.groupList, groupsApi.list);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <SearchField
          label={t('groups.search')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            paging.setPage(1);
          }}
        />
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            dialogs.open({ kind: 'form', group: null });
          }}
        >
          {t('groups.create')}
        </Button>
      </Group>
      <ListPanel
        list={list}
        empty={
          <EmptyState
            title={debouncedSearch ? t('groups.noMatch', { search: debouncedSearch }) : t('groups.empty')}
          />
        }
      >
        {(groups) => (
          <GroupsTable
            groups={groups}
            onEdit={(group) => {
              dialogs.open({ kind: 'form', group });
            }}
            onDelete={(group) => {
              dialogs.open({ kind: 'delete', group });
            }}
          />
        )}
      </ListPanel>
      <ListFooter {...paging} count={list.data ? t('groups.count', { count: list.data.total }) : ''} />
      <GroupFormModal {...form.props} group={form.data?.group ?? null} />
      <GroupDeleteDialog {...remove.props} group={remove.data?.group ?? null} />
    </Stack>
  );
}
