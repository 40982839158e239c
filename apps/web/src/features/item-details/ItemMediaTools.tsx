import { Group } from '@mantine/core';
import type { Item } from '../../api/items.ts';
import { CropButton } from '../crop/CropButton.tsx';
import { MarkersMenu } from '../markers/MarkersMenu.tsx';

/** Tools for the item's media under its player: crop a picture, download a clip's markers. */
export function ItemMediaTools({ item }: { item: Item }) {
  return (
    <Group gap="xs" data-testid="item-media-tools">
      <CropButton item={item} />
      <MarkersMenu item={item} />
    </Group>
  );
}
