import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiKeysApi } from '../../api/apiKeys.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { ApiKey } from '../../api/types.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListPanel } from '../../components/ListPanel.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { usePagedList } from '../../components/usePagedList.ts';
import { ApiKeyDeleteDialog } from './ApiKeyDeleteDialog.tsx';
import { ApiKeyFormModal } from './ApiKeyFormModal.tsx';
import { ApiKeySecretModal } from './ApiKeySecretModal.tsx';
import { ApiKeysTable } from './ApiKeysTable.tsx';

type Dialog =
  /** Creating a key (key null) or editing one. */
  | { kind: 'form'; key: ApiKey | null }
  | { kind: 'delete'; key: ApiKey }
  | { kind: 'secret'; key: ApiKey; secret: string };

/** API Keys (permission general.apiKeys): the user's own keys. */
export function ApiKeysTab() {
  const { t } = useTranslation('apiKeys');
  const dialogs = useDialogState<Dialog>();
  const form = dialogs.of('form');
  const secret = dialogs.of('secret');
  const remove = dialogs.of('delete');
  const { list, paging } = usePagedList({}, queryKeys.apiKeyList, apiKeysApi.list);

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
            dialogs.open({ kind: 'form', key: null });
          }}
        >
          {t('create')}
        </Button>
      </Group>

      <ListPanel
        list={list}
        empty={<EmptyState title={t('empty.title')} description={t('empty.description')} />}
      >
        {(keys) => (
          <ApiKeysTable
            keys={keys}
            onEdit={(key) => {
              dialogs.open({ kind: 'form', key });
            }}
            onDelete={(key) => {
              dialogs.open({ kind: 'delete', key });
            }}
          />
        )}
      </ListPanel>
      <ListFooter {...paging} />

      <ApiKeyFormModal
        {...form.props}
        apiKey={form.data?.key ?? null}
        onCreated={(key, value) => {
          // The form fades out as the secret is shown.
          dialogs.open({ kind: 'secret', key, secret: value });
        }}
      />
      <ApiKeySecretModal
        {...secret.props}
        apiKey={secret.data?.key ?? null}
        secret={secret.data?.secret ?? ''}
      />
      <ApiKeyDeleteDialog {...remove.props} apiKey={remove.data?.key ?? null} />
    </Stack>
  );
}
