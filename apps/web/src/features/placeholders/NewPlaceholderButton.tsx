import { Button } from '@mantine/core';
import { IconFileDots } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import { lazyDialog } from '../../components/lazyDialog.tsx';

// The form view's fields load with the dialog, when it first opens.
const NewPlaceholderDialog = lazyDialog(
  () => import('./NewPlaceholderDialog.tsx'),
  (module) => module.NewPlaceholderDialog,
);

/** The folder view's "New placeholder" (spec §6 item.createPlaceholder). */
export function NewPlaceholderButton({ folderId }: { folderId: string }) {
  const { t } = useTranslation('folders');
  const me = useCurrentUser();
  const [opened, setOpened] = useState(false);
  if (!hasPermission(me, 'item.createPlaceholder')) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileDots size={16} />}
        onClick={() => {
          setOpened(true);
        }}
      >
        {t('placeholder.new')}
      </Button>
      <NewPlaceholderDialog
        folderId={folderId}
        opened={opened}
        onClose={() => {
          setOpened(false);
        }}
      />
    </>
  );
}
