import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import type { DialogProps } from '../useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useDeleteItems, type ItemsInput } from './useItemActions.tsx';

interface ItemsDeleteDialogProps extends DialogProps {
  /** Kept while the dialog closes. */
  items: ItemsInput | null;
  onDeleted: () => void;
}

/** Asks before sending the selected items to the recycle bin. */
export function ItemsDeleteDialog({
  opened,
  items,
  onClose,
  onExitTransitionEnd,
  onDeleted,
}: ItemsDeleteDialogProps) {
  const { t } = useTranslation('items');
  const { describe } = useErrorMessage();
  const remove = useDeleteItems();
  const count = items?.ids.length ?? 0;
  const only = count === 1 && items ? (items.titles.get(items.ids[0] ?? '') ?? '') : '';
  return (
    <ConfirmDialog
      opened={opened}
      title={t('deleteItems.title', { count })}
      message={
        count === 1 ? t('deleteItems.messageOne', { title: only }) : t('deleteItems.message', { count })
      }
      confirmLabel={t('deleteItems.confirm')}
      loading={remove.isPending}
      error={remove.isError ? describe(remove.error) : undefined}
      onConfirm={() => {
        if (!items) return;
        remove.mutate(items, {
          onSuccess: () => {
            onDeleted();
            onClose();
          },
        });
      }}
      onClose={onClose}
      onExitTransitionEnd={() => {
        remove.reset();
        onExitTransitionEnd();
      }}
    />
  );
}
