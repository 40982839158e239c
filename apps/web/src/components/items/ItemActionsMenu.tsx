import { ActionIcon, Menu, Portal } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ItemAction {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
}

/** Where a right-click (or the context-menu key) opened an entry's menu, in viewport pixels. */
export type ContextPoint = { x: number; y: number } | null;

/**
 * An entry's context menu: a right-click opens its actions at the pointer; the keyboard's menu key
 * (Shift+F10), which has no pointer, at the entry's corner.
 */
export function useContextMenu() {
  const [at, setAt] = useState<ContextPoint>(null);
  return {
    at,
    close: () => {
      setAt(null);
    },
    onContextMenu: (event: MouseEvent<HTMLElement>) => {
      event.preventDefault();
      const fromKeyboard = event.clientX === 0 && event.clientY === 0;
      const corner = event.currentTarget.getBoundingClientRect();
      setAt(
        fromKeyboard ? { x: corner.left + 8, y: corner.top + 8 } : { x: event.clientX, y: event.clientY },
      );
    },
  };
}

function ActionItems({ actions }: { actions: readonly ItemAction[] }) {
  return actions.map((action) => (
    <Menu.Item
      key={action.key}
      leftSection={action.icon}
      color={action.danger ? 'red' : undefined}
      onClick={action.onClick}
    >
      {action.label}
    </Menu.Item>
  ));
}

interface ItemActionsMenuProps {
  title: string;
  actions: readonly ItemAction[];
  /** The entry's context menu (useContextMenu): the same actions at the pointer. */
  context: ReturnType<typeof useContextMenu>;
}

/**
 * An item's ⋯ menu in a grid or list, and the same actions as its context menu: what can be done
 * to that one item, the same on the search and in the folder view.
 */
export function ItemActionsMenu({ title, actions, context }: ItemActionsMenuProps) {
  const { t } = useTranslation('items');
  if (actions.length === 0) return null;
  return (
    <>
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
          <ActionItems actions={actions} />
        </Menu.Dropdown>
      </Menu>
      {context.at && (
        // In a portal: a tile's row is transformed (virtualized), so a fixed point inside it would not be the viewport's.
        <Portal>
          <Menu
            opened
            onChange={(opened) => {
              if (!opened) context.close();
            }}
            position="bottom-start"
            offset={2}
            withinPortal={false}
          >
            <Menu.Target>
              <span
                style={{ position: 'fixed', left: context.at.x, top: context.at.y, width: 0, height: 0 }}
              />
            </Menu.Target>
            <Menu.Dropdown aria-label={t('actionsFor', { title })} data-testid="item-context-menu">
              <ActionItems actions={actions} />
            </Menu.Dropdown>
          </Menu>
        </Portal>
      )}
    </>
  );
}
