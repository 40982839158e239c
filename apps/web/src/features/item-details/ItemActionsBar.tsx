import { Button, Group, Menu, Text } from '@mantine/core';
import { ShareItemsButton } from '../shares/ShareButtons.tsx';
import {
  IconChevronDown,
  IconDots,
  IconDownload,
  IconFolderShare,
  IconLock,
  IconRefresh,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item } from '../../api/items.ts';
import type { ItemActions, Availability } from './itemActions.ts';
import { useBlockedReason } from './useBlockedReason.ts';
import { useTechnicalFormat } from './useTechnicalFormat.ts';

interface ItemActionsBarProps {
  item: Item;
  actions: ItemActions;
  onDownload: (kind: 'original' | 'proxy') => void;
  onUploadVersion: () => void;
  onReprocess: () => void;
  reprocessing: boolean;
  onMove: () => void;
  onAccess: () => void;
  onDelete: () => void;
}

function MenuEntry({
  availability,
  icon,
  label,
  hint,
  onClick,
  color,
}: {
  availability: Availability;
  icon: ReactNode;
  label: string;
  hint?: string | undefined;
  onClick: () => void;
  color?: string;
}) {
  const reason = useBlockedReason()(availability);
  if (!availability.shown) return null;
  return (
    <Menu.Item leftSection={icon} disabled={reason !== null} onClick={onClick} color={color}>
      {label}
      {(reason ?? hint) && (
        <Text size="xs" c="dimmed" maw={240}>
          {reason ?? hint}
        </Text>
      )}
    </Menu.Item>
  );
}

const always: Availability = { shown: true, blocked: null };
const shownIf = (shown: boolean): Availability => (shown ? always : { shown: false });

/** The item page's actions: Download (original, proxy), Upload new version, and a menu of the rest. */
export function ItemActionsBar(props: ItemActionsBarProps) {
  const {
    item,
    actions,
    onDownload,
    onUploadVersion,
    onReprocess,
    reprocessing,
    onMove,
    onAccess,
    onDelete,
  } = props;
  const { t } = useTranslation('itemDetails');
  const { bytes } = useTechnicalFormat();
  const blockedReason = useBlockedReason();
  const canDownload = actions.downloadOriginal.shown || actions.downloadProxy.shown;
  const more = actions.reprocess.shown || actions.move || actions.access || actions.delete;
  const uploadReason = blockedReason(actions.uploadVersion);

  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {canDownload && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />}>
              {t('actions.download')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <MenuEntry
              availability={actions.downloadOriginal}
              icon={<IconDownload size={16} />}
              label={t('actions.downloadOriginal')}
              hint={item.technicalMetadata ? bytes(item.technicalMetadata.size) : undefined}
              onClick={() => {
                onDownload('original');
              }}
            />
            <MenuEntry
              availability={actions.downloadProxy}
              icon={<IconDownload size={16} />}
              label={t('actions.downloadProxy')}
              onClick={() => {
                onDownload('proxy');
              }}
            />
          </Menu.Dropdown>
        </Menu>
      )}
      <ShareItemsButton itemIds={[item.id]} name={item.title} />
      {actions.uploadVersion.shown && (
        <Button
          variant="default"
          leftSection={<IconUpload size={16} />}
          disabled={uploadReason !== null}
          title={uploadReason ?? undefined}
          onClick={onUploadVersion}
        >
          {t('actions.uploadVersion')}
        </Button>
      )}
      {more && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconDots size={16} />}
              loading={reprocessing}
              aria-label={t('actions.more')}
            >
              {t('actions.moreShort')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <MenuEntry
              availability={actions.reprocess}
              icon={<IconRefresh size={16} />}
              label={t('actions.reprocess')}
              onClick={onReprocess}
            />
            <MenuEntry
              availability={shownIf(actions.move)}
              icon={<IconFolderShare size={16} />}
              label={t('actions.move')}
              onClick={onMove}
            />
            <MenuEntry
              availability={shownIf(actions.access)}
              icon={<IconLock size={16} />}
              label={t('actions.access')}
              onClick={onAccess}
            />
            {actions.delete && <Menu.Divider />}
            <MenuEntry
              availability={shownIf(actions.delete)}
              icon={<IconTrash size={16} />}
              label={t('actions.delete')}
              color="red"
              onClick={onDelete}
            />
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
