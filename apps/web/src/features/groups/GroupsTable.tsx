import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Group as UserGroup } from '../../api/types.ts';
import { DataTable } from '../../components/DataTable.tsx';
import {
  DeleteAction,
  EditAction,
  OPENABLE_ROW,
  RowActions,
  RowOpenButton,
  openOnRowClick,
} from '../../components/RowActions.tsx';

interface GroupsTableProps {
  groups: UserGroup[];
  onEdit: (group: UserGroup) => void;
  onDelete: (group: UserGroup) => void;
}

export function GroupsTable({ groups, onEdit, onDelete }: GroupsTableProps) {
  const { t } = useTranslation('admin');
  return (
    <DataTable
      label={t('groups.title')}
      testId="groups-table"
      minWidth={640}
      columns={[t('groups.columns.name'), t('groups.columns.members'), t('groups.columns.permissions')]}
      actionsLabel={t('groups.columns.actions')}
    >
      {groups.map((group) => (
        <Table.Tr
          key={group.id}
          data-group-id={group.id}
          style={OPENABLE_ROW}
          onClick={openOnRowClick(() => {
            onEdit(group);
          })}
        >
          <Table.Td>
            <Group gap="xs">
              <RowOpenButton
                onClick={() => {
                  onEdit(group);
                }}
              >
                <Text size="sm" fw={500}>
                  {group.name}
                </Text>
              </RowOpenButton>
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
            <Text size="sm">{t('groups.permissionCount', { count: group.permissions.length })}</Text>
          </Table.Td>
          <Table.Td>
            <RowActions>
              <EditAction
                label={t('groups.edit', { name: group.name })}
                onClick={() => {
                  onEdit(group);
                }}
              />
              <DeleteAction
                label={
                  group.isOrganisation
                    ? t('groups.cannotDeleteOrganisation')
                    : t('groups.delete', { name: group.name })
                }
                disabled={group.isOrganisation}
                title={group.isOrganisation ? t('groups.cannotDeleteOrganisation') : undefined}
                onClick={() => {
                  onDelete(group);
                }}
              />
            </RowActions>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
