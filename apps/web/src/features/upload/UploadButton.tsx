import { Button } from '@mantine/core';
import { canUpload } from '@skald/domain';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { lazyDialog } from '../../components/lazyDialog.tsx';
import { showsUpload, useFeatureSet } from '../../layouts/featureSets.ts';

/** Spec §6: a user can upload when holding item.create and item.upload; §2: not in the browse feature set. */
export function useCanUpload(): boolean {
  const allowed = canUpload(principalOf(useCurrentUser()));
  return showsUpload(useFeatureSet()) && allowed;
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

/**
 * The upload dialog of a screen: Uppy and its styles are a chunk of their own, fetched on the first
 * opening. Once opened it stays mounted, closed or not, so uploads go on in the background while the
 * user browses other folders.
 */
export const UploadHost = lazyDialog(
  () => import('./UploadDialog.tsx'),
  (module) => module.UploadDialog,
);
