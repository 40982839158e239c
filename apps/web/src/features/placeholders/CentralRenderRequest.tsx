import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { ApiError } from '../../api/errors.ts';
import { placeholdersApi } from '../../api/placeholders.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemDetailsPath } from '../../routing/paths.ts';

const requestKey = (itemId: string) => [...queryKeys.item(itemId), 'render-request'] as const;

/** The placeholder's central render request, if it has one, and its deletion (spec §4). */
export function CentralRenderRequest({ itemId, state }: { itemId: string; state: string | null }) {
  const { t } = useTranslation('itemDetails');
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const request = useQuery({
    queryKey: [...requestKey(itemId), state],
    queryFn: async ({ signal }) => {
      try {
        return await placeholdersApi.renderRequest(itemId, signal);
      } catch (error) {
        // 'No central render request found': the placeholder has none, which is no error here.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
  const cancel = useMutation({
    mutationFn: () => placeholdersApi.cancelRenderRequest(itemId),
    onSuccess: () => {
      setConfirming(false);
      notifySuccess(t('placeholder.renderDeleted'));
      void client.invalidateQueries({ queryKey: queryKeys.item(itemId) });
    },
  });
  if (!request.data) return null;
  const { sourceItemId, inFrame, outFrame } = request.data;
  return (
    <Group gap="sm" wrap="wrap" data-testid="central-render-request">
      <Text size="sm">
        {t('placeholder.renderRequest', { inFrame, outFrame })}{' '}
        <Anchor component={Link} to={itemDetailsPath(sourceItemId)} inherit>
          {t('placeholder.renderSource')}
        </Anchor>
      </Text>
      <Button
        size="compact-sm"
        variant="default"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => {
          setConfirming(true);
        }}
      >
        {t('placeholder.deleteRender')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('placeholder.deleteRenderTitle')}
        message={t('placeholder.deleteRenderMessage')}
        confirmLabel={t('placeholder.deleteRender')}
        onConfirm={() => {
          cancel.mutate();
        }}
        onClose={() => {
          setConfirming(false);
          cancel.reset();
        }}
        loading={cancel.isPending}
        error={cancel.error ? describe(cancel.error) : undefined}
      />
    </Group>
  );
}
