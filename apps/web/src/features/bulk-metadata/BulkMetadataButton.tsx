import { Button } from '@mantine/core';
import { hasPermission } from '@skald/domain';
import { IconForms } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { lazyDialog } from '../../components/lazyDialog.tsx';

// The form inputs (date pickers, tree selects) are fetched when the dialog first opens.
const BulkMetadataDialog = lazyDialog(
  () => import('./BulkMetadataDialog.tsx'),
  (module) => module.BulkMetadataDialog,
);

/**
 * The bulk bar's "Edit metadata…" (spec §6 general.bulkMetadataUpdate): nothing for a user
 * without the permission. `onDone` runs once a started update has ended and the dialog closes.
 */
export function BulkMetadataButton({ ids, onDone }: { ids: readonly string[]; onDone: () => void }) {
  // Without suspending: the bulk bar appears under the focused row, which a suspense fallback would hide.
  const { t, ready } = useTranslation('forms', { useSuspense: false });
  const allowed = hasPermission(principalOf(useCurrentUser()), 'general.bulkMetadataUpdate');
  const [opened, setOpened] = useState(false);
  // The ids the dialog was opened for: the selection may change under it.
  const [chosen, setChosen] = useState<readonly string[]>([]);
  if (!allowed || !ready) return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconForms size={14} />}
        onClick={() => {
          setChosen(ids);
          setOpened(true);
        }}
      >
        {t('bulk.action')}
      </Button>
      <BulkMetadataDialog
        opened={opened}
        ids={chosen}
        onClose={() => {
          setOpened(false);
        }}
        onDone={onDone}
      />
    </>
  );
}
