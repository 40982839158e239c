import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import { placeholdersApi, type MarkerFormat } from '../../api/placeholders.ts';

const FORMATS: MarkerFormat[] = ['edl', 'csv'];

/** Spec §6 item.downloadMarkers: the item's log events and timed comments as an EDL or a CSV. */
export function MarkersMenu({ item }: { item: Item }) {
  const { t } = useTranslation('itemDetails');
  const me = useCurrentUser();
  const timed = item.itemType === 'video' || item.itemType === 'audio';
  if (!timed || !hasPermission(me, 'item.downloadMarkers')) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconMapPin size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          {t('markers.download')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORMATS.map((format) => (
          <Menu.Item key={format} component="a" href={placeholdersApi.markersUrl(item.id, format)} download>
            {t(`markers.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
