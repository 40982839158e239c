import { Badge, Code, Group, Switch, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiKeysApi } from '../../api/apiKeys.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { ApiKey } from '../../api/types.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { notifyError } from '../../components/notify.ts';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';

interface ApiKeysTableProps {
  keys: ApiKey[];
  onEdit: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}

export function ApiKeysTable({ keys, onEdit, onDelete }: ApiKeysTableProps) {
  const { t } = useTranslation('apiKeys');
  const format = useFormatters();
  const { describe } = useErrorMessage();
  const client = useQueryClient();

  const toggle = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => apiKeysApi.update(id, { active }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys }),
    onError: (error) => {
      notifyError(describe(error), t('toggleFailed'));
    },
  });

  // Expiry badges compare with the time the table was first shown.
  const [now] = useState(() => Date.now());

  return (
    <DataTable
      label={t('title')}
      testId="api-keys-table"
      minWidth={900}
      columns={[
        t('columns.id'),
        t('columns.label'),
        t('columns.identifier'),
        t('columns.status'),
        t('columns.expiry'),
        t('columns.maxInactiveDays'),
        t('columns.lastUsed'),
      ]}
      actionsLabel={t('columns.actions')}
    >
      {keys.map((key) => {
        const expired = key.expiresAt !== null && Date.parse(key.expiresAt) <= now;
        const pending = toggle.isPending && toggle.variables.id === key.id;
        return (
          <Table.Tr key={key.id} data-key-id={key.id}>
            <Table.Td>
              <Text ff="monospace" size="xs" style={{ whiteSpace: 'nowrap' }}>
                {key.id}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {key.label}
              </Text>
            </Table.Td>
            <Table.Td>
              <Code>{key.identifier}</Code>
            </Table.Td>
            <Table.Td>
              <Switch
                checked={key.status === 'active'}
                disabled={pending}
                onChange={(e) => {
                  toggle.mutate({ id: key.id, active: e.currentTarget.checked });
                }}
                label={key.status === 'active' ? t('status.active') : t('status.inactive')}
                aria-label={t('toggle', { label: key.label })}
              />
            </Table.Td>
            <Table.Td>
              {key.expiresAt === null ? (
                <Text size="sm">{t('indefinite')}</Text>
              ) : (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{format.date(key.expiresAt)}</Text>
                  {expired && (
                    <Badge color="red" size="sm" variant="light">
                      {t('expired')}
                    </Badge>
                  )}
                </Group>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {key.maxInactiveDays === null ? t('noLimit') : t('days', { count: key.maxInactiveDays })}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{key.lastUsedAt ? format.dateTime(key.lastUsedAt) : t('neverUsed')}</Text>
            </Table.Td>
            <Table.Td>
              <RowActions>
                <EditAction
                  label={t('edit', { label: key.label })}
                  onClick={() => {
                    onEdit(key);
                  }}
                />
                <DeleteAction
                  label={t('delete', { label: key.label })}
                  onClick={() => {
                    onDelete(key);
                  }}
                />
              </RowActions>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
