import { Button, Menu } from '@mantine/core';
import { canCreateShare } from '@skald/domain';
import { IconChevronDown, IconShare, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { ShareFormModal } from './ShareFormModal.tsx';
import type { ShareTarget } from './shareTarget.ts';

/** Share… for items (the item page, a selection): with share.shareMedia only (spec §6). */
export function ShareItemsButton({
  itemIds,
  name,
  size,
}: {
  itemIds: readonly string[];
  name: string;
  size?: 'compact-sm';
}) {
  const { t } = useTranslation('shares');
  const me = useCurrentUser();
  const [target, setTarget] = useState<ShareTarget | null>(null);
  if (!canCreateShare(principalOf(me), 'share')) return null;
  return (
    <>
      <Button
        variant="default"
        size={size}
        leftSection={<IconShare size={size ? 14 : 16} />}
        onClick={() => {
          setTarget({ kind: 'share', itemIds: [...itemIds], name });
        }}
      >
        {t('actions.share')}
      </Button>
      <ShareFormModal
        opened={target !== null}
        target={target}
        onClose={() => {
          setTarget(null);
        }}
      />
    </>
  );
}

/** A folder's Share menu: share its items (share.shareMedia), or ask for uploads into it (share.requestUpload). */
export function ShareFolderMenu({ folder }: { folder: { id: string; name: string } }) {
  const { t } = useTranslation('shares');
  const principal = principalOf(useCurrentUser());
  const [target, setTarget] = useState<ShareTarget | null>(null);
  const mayShare = canCreateShare(principal, 'share');
  const mayRequest = canCreateShare(principal, 'uploadRequest');
  if (!mayShare && !mayRequest) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconShare size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            {t('actions.share')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {mayShare && (
            <Menu.Item
              leftSection={<IconShare size={16} />}
              onClick={() => {
                setTarget({ kind: 'share', folderId: folder.id, name: folder.name });
              }}
            >
              {t('actions.shareFolder')}
            </Menu.Item>
          )}
          {mayRequest && (
            <Menu.Item
              leftSection={<IconUpload size={16} />}
              onClick={() => {
                setTarget({ kind: 'uploadRequest', folderId: folder.id, name: folder.name });
              }}
            >
              {t('actions.requestUpload')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ShareFormModal
        opened={target !== null}
        target={target}
        onClose={() => {
          setTarget(null);
        }}
      />
    </>
  );
}
