import { Button } from '@mantine/core';
import { MESSAGES } from '@skald/domain';
import { IconCrop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import { lazyDialog } from '../../components/lazyDialog.tsx';
import { useSpecMessage } from '../metadata-forms/useSpecMessage.ts';
import { isSvg } from './cropRules.ts';

// The crop library loads with the dialog, when it first opens.
const CropDialog = lazyDialog(
  () => import('./CropDialog.tsx'),
  (module) => module.CropDialog,
);

/** "Crop…" on a picture's page, for whoever may make items (spec §7 cropImage); refused for SVG (§5). */
export function CropButton({ item }: { item: Item }) {
  const { t } = useTranslation('itemDetails');
  const specMessage = useSpecMessage();
  const me = useCurrentUser();
  const [opened, setOpened] = useState(false);
  if (item.itemType !== 'image' || item.isDeleted || !hasPermission(me, 'item.create')) return null;
  const refusal = isSvg(item)
    ? specMessage(MESSAGES.svgCropNotSupported)
    : item.leadingVersionId === null
      ? specMessage(MESSAGES.noHighResImage)
      : null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCrop size={16} />}
        disabled={refusal !== null}
        title={refusal ?? undefined}
        onClick={() => {
          setOpened(true);
        }}
      >
        {t('crop.open')}
      </Button>
      <CropDialog
        item={item}
        opened={opened}
        onClose={() => {
          setOpened(false);
        }}
      />
    </>
  );
}
