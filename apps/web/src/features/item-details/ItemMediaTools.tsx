import { Group } from '@mantine/core';
import type { Item } from '../../api/items.ts';
import { CropButton } from '../crop/CropButton.tsx';
import { MarkersMenu } from '../markers/MarkersMenu.tsx';
import { RenderItemButton } from '../render-item/RenderItemButton.tsx';

/**
 * Tools for the item's media under its player: crop a picture, render a video or sound through a
 * preset, download a clip's markers.
 */
export function ItemMediaTools({ item }: { item: Item }) {
  return (
    <Group gap="xs" data-testid="item-media-tools">
      <CropButton item={item} />
      <RenderItemButton item={item} />
      <MarkersMenu item={item} />
    </Group>
  );
}
