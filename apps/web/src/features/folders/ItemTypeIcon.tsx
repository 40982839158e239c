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

/** The item type's icon, named for screen readers. */
export function ItemTypeIcon({ type, size = 16 }: { type: ItemType; size?: number }) {
  const { t } = useTranslation('folders');
  const TypeIcon = ICONS[type];
  return (
    <TypeIcon size={size} stroke={1.6} role="img" aria-label={t(`types.${type}`)} style={{ flex: 'none' }} />
  );
}
