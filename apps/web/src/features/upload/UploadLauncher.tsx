import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { createContext, use, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadButton, UploadHost, useCanUpload } from './UploadButton.tsx';

const OpenUpload = createContext<(() => void) | null>(null);

/**
 * The main layout's upload dialog, opened from the header and the search page: with no folder open,
 * files go to the tenant's default upload location (or a folder the user picks, when they may).
 */
export function UploadLauncher({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const open = useCallback(() => {
    setOpened(true);
  }, []);
  return (
    <OpenUpload value={open}>
      {children}
      <UploadHost
        opened={opened}
        onClose={() => {
          setOpened(false);
        }}
      />
    </OpenUpload>
  );
}

/** The header's Upload button; nothing for users who cannot upload. */
export function HeaderUploadButton() {
  const open = use(OpenUpload);
  return open && <UploadButton onClick={open} />;
}

/** The search page's invitation to upload, before the first search; nothing for users who cannot. */
export function StartUploadButton() {
  const { t } = useTranslation('upload');
  const open = use(OpenUpload);
  const allowed = useCanUpload();
  if (!open || !allowed) return null;
  return (
    <Button variant="default" leftSection={<IconUpload size={16} />} onClick={open}>
      {t('start')}
    </Button>
  );
}
