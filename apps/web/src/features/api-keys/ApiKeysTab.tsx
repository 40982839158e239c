import { Button, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiKeysApi } from '../../api/apiKeys.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { ApiKey } from '../../api/types.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PAGE_SIZE } from '../../config.ts';
import { ApiKeyDeleteDialog } from './ApiKeyDeleteDialog.tsx';
import { ApiKeyFormModal } from './ApiKeyFormModal.tsx';
import { ApiKeySecretModal } from './ApiKeySecretModal.tsx';
import { ApiKeysTable } from './ApiKeysTable.tsx';

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; key: ApiKey }
  | { kind: 'delete'; key: ApiKey }
  | { kind: 'secret'; key: ApiKey; secret: string };

/** API Keys (permission general.apiKeys): the user's own keys. */
export function ApiKeysTab() {
  const { t } = useTranslation('apiKeys');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const params = { from: (page - 1) * PAGE_SIZE, itemsPerPage: PAGE_SIZE };
  const list = useQuery({
    queryKey: queryKeys.apiKeyList(params),
    queryFn: ({ signal }) => apiKeysApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
  const close = () => {
    setDialog({ kind: 'none' });
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h4">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            {t('description')}
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            setDialog({ kind: 'create' });
          }}
        >
          {t('create')}
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
          <EmptyState title={t('empty.title')} description={t('empty.description')} />
        ) : (
          <ApiKeysTable
            keys={list.data.items}
            onEdit={(key) => {
              setDialog({ kind: 'edit', key });
            }}
            onDelete={(key) => {
              setDialog({ kind: 'delete', key });
            }}
          />
        )}
      </Paper>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={setPage} aria-label={t('common:pagination')} />
        </Group>
      )}

      <ApiKeyFormModal
        opened={dialog.kind === 'create' || dialog.kind === 'edit'}
        apiKey={dialog.kind === 'edit' ? dialog.key : null}
        onClose={close}
        onCreated={(key, secret) => {
          setDialog({ kind: 'secret', key, secret });
        }}
      />
      <ApiKeySecretModal
        opened={dialog.kind === 'secret'}
        apiKey={dialog.kind === 'secret' ? dialog.key : null}
        secret={dialog.kind === 'secret' ? dialog.secret : ''}
        onClose={close}
      />
      <ApiKeyDeleteDialog apiKey={dialog.kind === 'delete' ? dialog.key : null} onClose={close} />
    </Stack>
  );
}
