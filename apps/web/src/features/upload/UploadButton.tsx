import { Button } from '@mantine/core';
import { canUpload } from '@skald/domain';
import { IconUpload } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import type { Folder } from '../../api/folders.ts';
import { principalOf } from '../../api/principal.ts';

/** Spec §6: a user can upload when holding item.create and item.upload. */
export function useCanUpload(): boolean {
  return canUpload(principalOf(useCurrentUser()));
}

/** Opens the upload dialog; not shown to users who cannot upload. */
export function UploadButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('upload');
  const allowed = useCanUpload();
  if (!allowed) return null;
  return (
    <Button leftSection={<IconUpload size={16} />} onClick={onClick}>
      {t('open')}
    </Button>
  );
}

// Uppy and its styles are a chunk of their own, loaded on the first opening.
const UploadDialog = lazy(() =>
  import('./UploadDialog.tsx').then((module) => ({ default: module.UploadDialog })),
);

interface UploadHostProps {
  opened: boolean;
  onClose: () => void;
  /** Where files go unless the user may choose another folder. */
  folder: Folder;
}

/**
 * The upload dialog of a screen. Once opened it stays mounted, closed or not, so uploads go on in
 * the background while the user browses other folders.
 */
export function UploadHost({ opened, onClose, folder }: UploadHostProps) {
  const [mounted, setMounted] = useState(false);
  if (opened && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <UploadDialog opened={opened} onClose={onClose} folder={folder} />
    </Suspense>
  );
}
