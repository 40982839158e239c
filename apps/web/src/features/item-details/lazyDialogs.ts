import { lazyDialog } from '../../components/lazyDialog.tsx';

// Uppy (for a new version) and the folder tree (for a move) are fetched when their dialog first opens.
export const UploadVersionDialog = lazyDialog(
  () => import('./UploadVersionDialog.tsx'),
  (module) => module.UploadVersionDialog,
);
export const MoveItemDialog = lazyDialog(
  () => import('./MoveItemDialog.tsx'),
  (module) => module.MoveItemDialog,
);
