import { lazyDialog } from '../../components/lazyDialog.tsx';

// The form (icon picker, visibility, group choice) is fetched when it first opens.
export const BookmarkFormModal = lazyDialog(
  () => import('./BookmarkFormModal.tsx'),
  (module) => module.BookmarkFormModal,
);
