import { useTranslation } from 'react-i18next';
import type { Item } from '../../api/items.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import type { ItemMutations } from './useItemMutations.ts';

interface DeleteItemDialogProps extends DialogProps {
  item: Item;
  remove: ItemMutations['remove'];
  /** After the item went to the recycle bin. */
  onDeleted: () => void;
}

/** Asks before the item goes to the recycle bin (from where it can be restored). */
export function DeleteItemDialog({
  opened,
  item,
  remove,
  onClose,
  onExitTransitionEnd,
  onDeleted,
}: DeleteItemDialogProps) {
  const { t } = useTranslation('itemDetails');
  const { describe } = useErrorMessage();
  return (
    <ConfirmDialog
      opened={opened}
      title={t('delete.title')}
      message={t('delete.message', { title: item.title })}
      confirmLabel={t('delete.confirm')}
      loading={remove.isPending}
      error={remove.isError ? describe(remove.error) : undefined}
      onConfirm={() => {
        remove.mutate(undefined, { onSuccess: onDeleted });
      }}
      onClose={onClose}
      onExitTransitionEnd={() => {
        remove.reset();
        onExitTransitionEnd();
      }}
    />
  );
}
