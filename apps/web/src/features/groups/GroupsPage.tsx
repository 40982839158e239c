import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupsApi } from '../../api/admin.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { Group as UserGroup } from '../../api/types.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PAGE_SIZE } from '../../config.ts';
import { GroupDeleteDialog } from './GroupDeleteDialog.tsx';
import { GroupFormModal } from './GroupFormModal.tsx';

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; group: UserGroup }
  | { kind: 'delete'; group: UserGroup };

/** /settings/groups: user groups and their permissions. */
export function GroupsPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const params = { search: debouncedSearch, from: (page - 1) * PAGE_SIZE, itemsPerPage: PAGE_SIZE };
  const list = useQuery({
    queryKey: queryKeys.groupList(params),
    queryFn: ({ signal }) => groupsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const close = () => {
    setDialog({ kind: 'none' });
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('groups.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={280}
          type="search"
        />
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            setDialog({ kind: 'create' });
          }}
        >
          {t('groups.create')}
        </Button>
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
            title={debouncedSearch ? t('groups.noMatch', { search: debouncedSearch }) : t('groups.empty')}
          />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table
              verticalSpacing="sm"
              highlightOnHover
              data-testid="groups-table"
              aria-label={t('groups.title')}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('groups.columns.name')}</Table.Th>
                  <Table.Th>{t('groups.columns.members')}</Table.Th>
                  <Table.Th>{t('groups.columns.permissions')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('groups.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((group) => (
                  <Table.Tr key={group.id} data-group-id={group.id}>
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm" fw={500}>
                          {group.name}
                        </Text>
                        {group.isOrganisation && (
                          <Badge size="sm" variant="light">
                            {t('groups.organisation')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t('groups.members', { count: group.memberCount })}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {t('groups.permissionCount', { count: group.permissions.length })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end" gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('groups.edit', { name: group.name })}
                          onClick={() => {
                            setDialog({ kind: 'edit', group });
                          }}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={group.isOrganisation}
                          aria-label={
                            group.isOrganisation
                              ? t('groups.cannotDeleteOrganisation')
                              : t('groups.delete', { name: group.name })
                          }
                          title={group.isOrganisation ? t('groups.cannotDeleteOrganisation') : undefined}
                          onClick={() => {
                            setDialog({ kind: 'delete', group });
                          }}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data ? t('groups.count', { count: list.data.total }) : ''}
        </Text>
        {pages > 1 && (
          <Pagination total={pages} value={page} onChange={setPage} aria-label={t('common:pagination')} />
        )}
      </Group>
      <GroupFormModal
        opened={dialog.kind === 'create' || dialog.kind === 'edit'}
        group={dialog.kind === 'edit' ? dialog.group : null}
        onClose={close}
      />
      <GroupDeleteDialog group={dialog.kind === 'delete' ? dialog.group : null} onClose={close} />
    </Stack>
  );
}
