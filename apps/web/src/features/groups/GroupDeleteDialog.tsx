import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { groupsApi } from '../../api/admin.ts';
import { isApiError } from '../../api/errors.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { Group } from '../../api/types.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

interface GroupDeleteDialogProps extends DialogProps {
  /** Kept while the dialog closes. */
  group: Group | null;
}

export function GroupDeleteDialog({ opened, group, onClose, onExitTransitionEnd }: GroupDeleteDialogProps) {
  const { t } = useTranslation('admin');
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => groupsApi.remove(id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.groups });
      void client.invalidateQueries({ queryKey: queryKeys.users });
      notifySuccess(t('groups.deleted', { name: group?.name ?? '' }));
      onClose();
    },
  });
  const error = !remove.isError
    ? undefined
    : isApiError(remove.error) && remove.error.code === 'conflict'
      ? t('groups.cannotDeleteOrganisation')
      : describe(remove.error);
  return (
    <ConfirmDialog
      opened={opened}
      title={t('groups.deleteTitle')}
      message={t('groups.deleteMessage', { name: group?.name ?? '', count: group?.memberCount ?? 0 })}
      confirmLabel={t('common:delete')}
      loading={remove.isPending}
      error={error}
      onConfirm={() => {
        if (group) remove.mutate(group.id);
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
