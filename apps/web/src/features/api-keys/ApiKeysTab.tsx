import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiKeysApi } from '../../api/apiKeys.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { ApiKey } from '../../api/types.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListPanel } from '../../components/ListPanel.tsx';
import { usePagedList } from '../../components/usePagedList.ts';
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
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const { list, paging } = usePagedList({}, queryKeys.apiKeyList, apiKeysApi.list);
  const close = () => {
    setDialog({ kind: 'none' });
  };

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

      <ListPanel
        list={list}
        empty={<EmptyState title={t('empty.title')} description={t('empty.description')} />}
      >
        {(keys) => (
          <ApiKeysTable
            keys={keys}
            onEdit={(key) => {
              setDialog({ kind: 'edit', key });
            }}
            onDelete={(key) => {
              setDialog({ kind: 'delete', key });
            }}
          />
        )}
      </ListPanel>
      <ListFooter {...paging} />

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
