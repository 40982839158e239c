import { lazyDialog } from '../../components/lazyDialog.tsx';

// The folder tree (with its drag and drop) is fetched when one of these first opens.
export const FolderPickerModal = lazyDialog(
  () => import('./FolderPickerModal.tsx'),
  (module) => module.FolderPickerModal,
);
export const MoveItemsDialog = lazyDialog(
  () => import('./MoveItemsDialog.tsx'),
  (module) => module.MoveItemsDialog,
);
