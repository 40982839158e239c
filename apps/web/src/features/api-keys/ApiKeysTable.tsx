import { ActionIcon, Badge, Code, Group, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiKeysApi } from '../../api/apiKeys.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { ApiKey } from '../../api/types.ts';
import { notifyError } from '../../components/notify.ts';
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
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="api-keys-table" aria-label={t('title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.id')}</Table.Th>
            <Table.Th>{t('columns.label')}</Table.Th>
            <Table.Th>{t('columns.identifier')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
            <Table.Th>{t('columns.expiry')}</Table.Th>
            <Table.Th>{t('columns.maxInactiveDays')}</Table.Th>
            <Table.Th>{t('columns.lastUsed')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('edit', { label: key.label })}
                      onClick={() => {
                        onEdit(key);
                      }}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('delete', { label: key.label })}
                      onClick={() => {
                        onDelete(key);
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
