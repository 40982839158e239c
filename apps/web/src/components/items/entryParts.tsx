import { Checkbox, Text } from '@mantine/core';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type NavigateFunction } from 'react-router';
import type { Folder } from '../../api/folders.ts';
import type { ItemSummary } from '../../api/items.ts';
import type { CollectionProps, ColumnSort } from './collection.ts';
import { folderDropId, type DragPayload, type DropTarget } from './dragAndDrop.ts';
import { useContextMenu, type ItemAction } from './ItemActionsMenu.tsx';
import classes from './collection.module.css';

/**
 * Clicks and keys on the checkbox, a link or a menu act on their own, not on the tile's selection
 * or the list's focus.
 */
export function fromControl(event: { target: EventTarget | null }): boolean {
  return (
    event.target instanceof Element &&
    event.target.closest('a, button, input, textarea, select, [role="menuitem"]') !== null
  );
}

export function modifiersOf(event: MouseEvent) {
  return { toggle: event.ctrlKey || event.metaKey, range: event.shiftKey };
}

export interface ItemEntryProps {
  item: ItemSummary;
  href: string | undefined;
  /** The title as shown (the plain title, or with the search's matches marked). */
  title: ReactNode;
  detail: ReactNode;
  /** The lines of the search's moments (collection.ts `itemMoments`), undefined without them. */
  moments: ReactNode;
  /** Its ⋯ menu's and context menu's actions. */
  actions: readonly ItemAction[];
  selected: boolean;
  /** Shows the checkbox; an entry that cannot be selected has none. */
  selectable: boolean;
  dragIds: readonly string[] | undefined;
  onClick: (event: MouseEvent) => void;
  onCheck: (range: boolean) => void;
  onOpen: (() => void) | undefined;
}

const NO_ACTIONS: readonly ItemAction[] = [];

/** What an item's tile and its row take from the collection. */
export function itemEntryProps<S extends ColumnSort>(
  props: CollectionProps<S>,
  item: ItemSummary,
  navigate: NavigateFunction,
): ItemEntryProps {
  const href = props.itemHref?.(item);
  return {
    item,
    href,
    title: props.itemTitle?.(item) ?? item.title,
    detail: props.itemDetail?.(item),
    moments: props.itemMoments?.(item),
    actions: props.itemActions?.(item) ?? NO_ACTIONS,
    selected: props.selectedIds.has(item.id),
    selectable: props.isSelectable?.(item) ?? true,
    dragIds: props.dragIds?.(item),
    onClick: (event) => {
      props.onItemClick(item, modifiersOf(event));
    },
    onCheck: (range) => {
      props.onItemCheck(item, range);
    },
    onOpen: href ? () => void navigate(href) : undefined,
  };
}

/**
 * An item's tile or row: dragged with the items `dragIds` names (not at all without them); a click
 * selects, a double-click opens, except on its own controls.
 */
export function useItemEntry({ item, dragIds, actions, onClick, onOpen }: ItemEntryProps) {
  const context = useContextMenu();
  const payload: DragPayload = { kind: 'items', ids: dragIds ?? [] };
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `item:${item.id}`,
    data: payload,
    disabled: !dragIds,
  });
  return {
    setNodeRef,
    isDragging,
    context,
    handlers: {
      ...listeners,
      onContextMenu: actions.length > 0 ? context.onContextMenu : undefined,
      onMouseDown: (event: MouseEvent) => {
        // Shift-click selects a range, not the text between.
        if (event.shiftKey) event.preventDefault();
      },
      onClick: (event: MouseEvent) => {
        if (!fromControl(event)) onClick(event);
      },
      onDoubleClick: (event: MouseEvent) => {
        if (!fromControl(event)) onOpen?.();
      },
    },
  };
}

/** A subfolder's tile or row: takes dropped items and folders, and can itself be dragged. */
export function useFolderEntry(folder: Folder, draggable: boolean) {
  const payload: DragPayload = {
    kind: 'folder',
    id: folder.id,
    name: folder.name,
    parentId: folder.parentId,
  };
  const target: DropTarget = { folderId: folder.id, name: folder.name };
  const drag = useDraggable({ id: `folder:${folder.id}`, data: payload, disabled: !draggable });
  const drop = useDroppable({ id: folderDropId('tile', folder.id), data: target, disabled: !draggable });
  return {
    setNodeRef: (node: HTMLElement | null) => {
      drag.setNodeRef(node);
      drop.setNodeRef(node);
    },
    listeners: drag.listeners,
    isOver: drop.isOver,
    isDragging: drag.isDragging,
  };
}

interface EntryCheckboxProps {
  title: string;
  selected: boolean;
  onCheck: (range: boolean) => void;
  className?: string;
  size?: string;
}

/** Selects the item alone (Shift: the range up to it), without the click reaching the tile. */
export function EntryCheckbox({ title, selected, onCheck, className, size }: EntryCheckboxProps) {
  const { t } = useTranslation('items');
  return (
    <Checkbox
      className={className}
      size={size}
      checked={selected}
      aria-label={t('select.item', { title })}
      onChange={() => undefined}
      onClick={(event) => {
        event.stopPropagation();
        onCheck(event.shiftKey);
      }}
    />
  );
}

/**
 * An entry's name, a link where it leads somewhere; `hint` shows it whole on hover. `children`
 * replace the plain name on screen (the search marks its matches in it).
 */
export function EntryTitle({
  href,
  title,
  hint,
  children,
}: {
  href: string | undefined;
  title: string;
  hint: boolean;
  children?: ReactNode;
}) {
  const hover = hint ? title : undefined;
  return href ? (
    <Text
      component={Link}
      to={href}
      size="sm"
      fw={500}
      truncate="end"
      className={classes.titleLink}
      title={hover}
      draggable={false}
    >
      {children ?? title}
    </Text>
  ) : (
    <Text size="sm" fw={500} truncate="end" title={hover}>
      {children ?? title}
    </Text>
  );
}
