import { IconExternalLink, IconFolderSymlink, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ItemAction } from './ItemActionsMenu.tsx';

interface StandardHandlers {
  onOpen: () => void;
  /** Left out for a user who may not move the item (itemAbilities): no entry. */
  onMove?: (() => void) | undefined;
  /** Left out for a user who may not delete the item: no entry. */
  onDelete?: (() => void) | undefined;
}

/** Open, move and delete (to the recycle bin): a live item's menu, the same in the folder view and the search. */
export function useStandardItemActions(): (handlers: StandardHandlers) => ItemAction[] {
  const { t } = useTranslation('items');
  return ({ onOpen, onMove, onDelete }) => [
    { key: 'open', label: t('bulk.open'), icon: <IconExternalLink size={16} />, onClick: onOpen },
    ...(onMove
      ? [{ key: 'move', label: t('bulk.move'), icon: <IconFolderSymlink size={16} />, onClick: onMove }]
      : []),
    ...(onDelete
      ? [
          {
            key: 'delete',
            label: t('bulk.delete'),
            icon: <IconTrash size={16} />,
            danger: true,
            onClick: onDelete,
          },
        ]
      : []),
  ];
}
