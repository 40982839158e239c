import type { Icon } from '@tabler/icons-react';
import {
  IconBroadcast,
  IconFile,
  IconFolder,
  IconListDetails,
  IconMovie,
  IconMusic,
  IconPhoto,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../api/items.ts';

const ICONS: Record<ItemType, Icon> = {
  video: IconMovie,
  audio: IconMusic,
  image: IconPhoto,
  file: IconFile,
  sequence: IconListDetails,
  folder: IconFolder,
  person: IconUser,
  live: IconBroadcast,
};

/** The item type's icon, named for screen readers unless the text next to it names the type already. */
export function ItemTypeIcon({
  type,
  size = 16,
  decorative = false,
}: {
  type: ItemType;
  size?: number;
  decorative?: boolean;
}) {
  const { t } = useTranslation('items');
  const TypeIcon = ICONS[type];
  const name = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': t(`types.${type}`) };
  return <TypeIcon size={size} stroke={1.6} {...name} style={{ flex: 'none' }} />;
}
