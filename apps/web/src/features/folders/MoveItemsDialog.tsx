import { useTranslation } from 'react-i18next';
import type { FolderPathEntry } from '../../api/folders.ts';
import { useMoveItems, type ItemsInput } from '../../components/items/useItemActions.tsx';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { FolderPickerModal } from './FolderPickerModal.tsx';

interface MoveItemsDialogProps extends DialogProps {
  /** Kept while the dialog closes. */
  items: ItemsInput | null;
  /** The path the tree opens at (root first); nothing is picked when it is empty. */
  start: readonly FolderPathEntry[];
  /** The folder the items are in, when they share one: moving there would change nothing. */
  unchangedId?: string | undefined;
  onMoved: () => void;
}

/** Asks where the selected items go, then moves them there. */
export function MoveItemsDialog({ items, start, unchangedId, onMoved, ...dialog }: MoveItemsDialogProps) {
  const { t } = useTranslation('folders');
  const { describe } = useErrorMessage();
  const moveItems = useMoveItems();
  return (
    <FolderPickerModal
      {...dialog}
      title={t('moveItems.title', { count: items?.ids.length ?? 0 })}
      confirmLabel={t('moveItems.confirm')}
      start={start}
      unchangedId={unchangedId}
      pending={moveItems.isPending}
      error={moveItems.isError ? describe(moveItems.error) : undefined}
      onConfirm={(target) => {
        if (!items) return;
        moveItems.mutate(
          { ...items, folder: target },
          {
            onSuccess: () => {
              onMoved();
              dialog.onClose();
            },
          },
        );
      }}
    />
  );
}
