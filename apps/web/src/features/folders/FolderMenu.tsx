import { ActionIcon, Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconDots,
  IconFolderOpen,
  IconFolderSymlink,
  IconForms,
  IconLock,
  IconPencil,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { canEditRestrictions } from '@skald/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import type { Folder } from '../../api/folders.ts';
import { principalOf } from '../../api/principal.ts';

export type FolderAction = 'open' | 'rename' | 'move' | 'access' | 'defaults' | 'autoAnalysis' | 'delete';

interface FolderMenuProps {
  folder: Folder;
  onAction: (action: FolderAction, folder: Folder) => void;
  /** The current folder's menu is a button with a label; a subfolder's is a ⋯ icon. */
  variant: 'button' | 'icon';
}

/**
 * Rename, move, access, default values, automatic analysis and delete; the root folder stays where
 * and what it is.
 */
export function FolderMenu({ folder, onAction, variant }: FolderMenuProps) {
  const { t } = useTranslation('folders');
  const principal = principalOf(useCurrentUser());
  const fixed = folder.isRoot;
  const mayEditAccess = folder.canUpdate && canEditRestrictions(principal, { ownerId: folder.owner.id });
  const item = (action: FolderAction, icon: ReactNode, disabled: boolean) => (
    <Menu.Item
      leftSection={icon}
      color={action === 'delete' ? 'red' : undefined}
      disabled={disabled}
      onClick={() => {
        onAction(action, folder);
      }}
    >
      {t(`actions.${action}`)}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {variant === 'button' ? (
          <Button variant="default" rightSection={<IconChevronDown size={14} />}>
            {t('actions.folderMenu')}
          </Button>
        ) : (
          <ActionIcon
            variant="default"
            size="sm"
            aria-label={t('actions.menuFor', { name: folder.name })}
            onClick={(event) => {
              event.stopPropagation();
            }}
          >
            <IconDots size={14} />
          </ActionIcon>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {variant === 'icon' && item('open', <IconFolderOpen size={16} />, false)}
        {item('rename', <IconPencil size={16} />, fixed || !folder.canUpdate)}
        {item('move', <IconFolderSymlink size={16} />, fixed || !folder.canUpdate)}
        {item('access', <IconLock size={16} />, !mayEditAccess)}
        {item('defaults', <IconForms size={16} />, !folder.canUpdate)}
        {item('autoAnalysis', <IconPlayerPlay size={16} />, !folder.canUpdate)}
        <Menu.Divider />
        {item('delete', <IconTrash size={16} />, fixed || !folder.canDelete)}
      </Menu.Dropdown>
    </Menu>
  );
}
