import { useTranslation } from 'react-i18next';
import type { Item } from '../../api/items.ts';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { FolderPickerModal } from '../folders/FolderPickerModal.tsx';
import { useFolder } from '../folders/useFolderQueries.ts';
import type { ItemMutations } from './useItemMutations.ts';

interface MoveItemDialogProps extends DialogProps {
  item: Item;
  move: ItemMutations['move'];
}

/** Moves the item to a folder picked in the folder tree (the folder view's picker). */
export function MoveItemDialog({ item, move, ...dialog }: MoveItemDialogProps) {
  const { t } = useTranslation('itemDetails');
  const { describe } = useErrorMessage();
  const folder = useFolder(item.folderId);
  return (
    <FolderPickerModal
      {...dialog}
      onExitTransitionEnd={() => {
        move.reset();
        dialog.onExitTransitionEnd();
      }}
      title={t('move.title')}
      confirmLabel={t('move.confirm')}
      start={folder.data?.path ?? []}
      unchangedId={item.folderId}
      pending={move.isPending}
      error={move.isError ? describe(move.error) : undefined}
      onConfirm={(picked) => {
        move.mutate(picked.id, {
          onSuccess: () => {
            notifySuccess(t('move.done', { folder: picked.name }));
            dialog.onClose();
          },
        });
      }}
    />
  );
}
