import { Button } from '@mantine/core';
import { MESSAGES, mediaActionRefusal } from '@skald/domain';
import { IconTransform } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import { useSpecMessage } from '../metadata-forms/useSpecMessage.ts';
import { RenderItemDialog } from './RenderItemDialog.tsx';

/**
 * "Render through preset…" on a video's or a sound's page: all of it through a preset into a new
 * item, for whoever may make subclips and items (analytics.subclip and item.create). Only an item
 * with media of its own (no sequence or virtual clip), once processed.
 */
export function RenderItemButton({ item }: { item: Item }) {
  const { t } = useTranslation('itemDetails');
  const specMessage = useSpecMessage();
  const me = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const sourceType = item.itemType === 'video' || item.itemType === 'audio' ? item.itemType : null;
  if (
    sourceType === null ||
    item.isDeleted ||
    item.leadingVersionId === null ||
    mediaActionRefusal(item, 'download') !== null ||
    !hasPermission(me, 'analytics.subclip') ||
    !hasPermission(me, 'item.create')
  )
    return null;
  const notReady = item.transcoding.state === 'complete' ? null : specMessage(MESSAGES.renderSourceNotReady);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconTransform size={16} />}
        disabled={notReady !== null}
        title={notReady ?? undefined}
        onClick={() => {
          setOpened(true);
        }}
      >
        {t('render.open')}
      </Button>
      {opened && (
        <RenderItemDialog
          item={item}
          sourceType={sourceType}
          onClose={() => {
            setOpened(false);
          }}
        />
      )}
    </>
  );
}
