import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ItemAction {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
}

/** An item's ⋯ menu in a grid or list: what can be done to that one item. */
export function ItemActionsMenu({ title, actions }: { title: string; actions: readonly ItemAction[] }) {
  const { t } = useTranslation('items');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('actionsFor', { title })}
          onClick={(event) => {
            event.stopPropagation();
          }}
        >
          <IconDots size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action.key}
            leftSection={action.icon}
            color={action.danger ? 'red' : undefined}
            onClick={action.onClick}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
