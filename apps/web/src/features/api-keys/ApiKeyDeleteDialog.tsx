import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiKeysApi } from '../../api/apiKeys.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { ApiKey } from '../../api/types.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

interface ApiKeyDeleteDialogProps extends DialogProps {
  /** Kept while the dialog closes. */
  apiKey: ApiKey | null;
}

export function ApiKeyDeleteDialog({
  opened,
  apiKey,
  onClose,
  onExitTransitionEnd,
}: ApiKeyDeleteDialogProps) {
  const { t } = useTranslation('apiKeys');
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => apiKeysApi.remove(id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.apiKeys });
      notifySuccess(t('deleted'));
      onClose();
    },
  });
  return (
    <ConfirmDialog
      opened={opened}
      title={t('deleteTitle')}
      message={t('deleteMessage', { label: apiKey?.label ?? '' })}
      confirmLabel={t('common:delete')}
      loading={remove.isPending}
      error={remove.isError ? describe(remove.error) : undefined}
      onConfirm={() => {
        if (apiKey) remove.mutate(apiKey.id);
      }}
      onClose={onClose}
      onExitTransitionEnd={() => {
        // Not on close: the error stays as it was while the dialog fades out.
        remove.reset();
        onExitTransitionEnd();
      }}
    />
  );
}
