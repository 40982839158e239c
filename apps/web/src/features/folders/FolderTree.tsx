import { Box, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { IconChevronDown, IconChevronRight, IconFolder, IconFolderOpen } from '@tabler/icons-react';
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderPathEntry } from '../../api/folders.ts';
import { expandAlong, toggleExpanded, treeKeyAction, type VisibleNode } from './treeExpansion.ts';
import { folderDropId, type DropTarget } from '../../components/items/dragAndDrop.ts';
import { useFolderChildren } from './useFolderQueries.ts';
import classes from './FolderTree.module.css';

interface FolderTreeProps {
  root: FolderPathEntry;
  /** The ids from the root down to the current folder: expanded from the start. */
  path: readonly string[];
  /** The highlighted folder: the one shown, or the one picked in a dialog. */
  selectedId: string | null;
  onOpen: (folder: FolderPathEntry) => void;
  /** This folder and every folder below it cannot be chosen (a folder cannot move into itself). */
  excludeId?: string | undefined;
  /** Folders accept dropped items and folders (the folder view's drag and drop). */
  droppable?: boolean;
  label: string;
}

interface TreeContextValue {
  expanded: ReadonlySet<string>;
  toggle: (id: string) => void;
  focusedId: string;
  setFocusedId: (id: string) => void;
  selectedId: string | null;
  open: (folder: FolderPathEntry, disabled: boolean) => void;
  excludeId: string | undefined;
  droppable: boolean;
}

const TreeContext = createContext<TreeContextValue | null>(null);

function useTree(): TreeContextValue {
  const value = useContext(TreeContext);
  if (!value) throw new Error('A folder tree node is rendered outside its tree');
  return value;
}

function rowsFromDom(tree: HTMLElement): VisibleNode[] {
  return Array.from(tree.querySelectorAll<HTMLElement>('[role="treeitem"]')).map((element) => ({
    id: element.dataset.folderId ?? '',
    parentId: element.dataset.parentId === '' ? null : (element.dataset.parentId ?? null),
    depth: Number(element.getAttribute('aria-level') ?? 1) - 1,
    expandable: element.dataset.expandable === 'true',
    expanded: element.getAttribute('aria-expanded') === 'true',
    loading: false,
  }));
}

function rowElement(tree: HTMLElement | null, id: string): HTMLElement | null {
  return tree?.querySelector<HTMLElement>(`[role="treeitem"][data-folder-id="${CSS.escape(id)}"]`) ?? null;
}

/**
 * The folder tree (WAI-ARIA tree view): children load when a folder is first expanded, the path to
 * the current folder starts expanded, arrows move and expand, Enter opens. One row is in the tab order.
 */
export function FolderTree({
  root,
  path,
  selectedId,
  onOpen,
  excludeId,
  droppable = false,
  label,
}: FolderTreeProps) {
  const treeRef = useRef<HTMLUListElement>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(path));
  const [focusedId, setFocusedId] = useState(selectedId ?? root.id);
  // A newly opened folder expands its path, keeping what the user expanded elsewhere.
  const pathKey = path.join('/');
  const [seenPath, setSeenPath] = useState(pathKey);
  if (seenPath !== pathKey) {
    setSeenPath(pathKey);
    setExpanded((current) => expandAlong(current, path));
    if (selectedId) setFocusedId(selectedId);
  }

  useEffect(() => {
    if (selectedId) rowElement(treeRef.current, selectedId)?.scrollIntoView({ block: 'nearest' });
  }, [selectedId, pathKey]);

  const toggle = (id: string) => {
    const row = rowElement(treeRef.current, id);
    const focused = document.activeElement;
    // Collapsing the folder that holds the focused row moves the focus to it.
    if (
      row &&
      expanded.has(id) &&
      focused instanceof HTMLElement &&
      row !== focused &&
      row.contains(focused)
    ) {
      setFocusedId(id);
      row.focus();
    }
    setExpanded((current) => toggleExpanded(current, id));
  };

  const context: TreeContextValue = {
    expanded,
    toggle,
    focusedId,
    setFocusedId,
    selectedId,
    open: (folder, disabled) => {
      if (!disabled) onOpen(folder);
    },
    excludeId,
    droppable,
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const tree = treeRef.current;
    if (!tree || event.altKey || event.ctrlKey || event.metaKey) return;
    const action = treeKeyAction(event.key, focusedId, rowsFromDom(tree));
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    const row = rowElement(tree, action.id);
    switch (action.kind) {
      case 'focus':
        setFocusedId(action.id);
        row?.focus();
        break;
      case 'expand':
      case 'collapse':
        toggle(action.id);
        break;
      case 'open':
        row?.click();
        break;
    }
  };

  return (
    <TreeContext.Provider value={context}>
      <ul role="tree" aria-label={label} className={classes.tree} ref={treeRef} onKeyDown={onKeyDown}>
        <TreeNode folder={root} parentId={null} level={1} excluded={root.id === excludeId} />
      </ul>
    </TreeContext.Provider>
  );
}

interface TreeNodeProps {
  folder: FolderPathEntry;
  parentId: string | null;
  level: number;
  /** Inside the excluded branch. */
  excluded: boolean;
}

function TreeNode({ folder, parentId, level, excluded }: TreeNodeProps) {
  const { t } = useTranslation('folders');
  const tree = useTree();
  const wantsOpen = tree.expanded.has(folder.id);
  const { folders: children } = useFolderChildren(folder.id, wantsOpen);
  const expandable = children === undefined || children.length > 0;
  const expanded = wantsOpen && expandable;
  const selected = tree.selectedId === folder.id;
  const target: DropTarget = { folderId: folder.id, name: folder.name };
  const { setNodeRef, isOver } = useDroppable({
    id: folderDropId('tree', folder.id),
    data: target,
    disabled: !tree.droppable,
  });

  const onChevron = (event: MouseEvent) => {
    event.stopPropagation();
    tree.toggle(folder.id);
  };

  const Chevron = expanded ? IconChevronDown : IconChevronRight;
  const FolderIcon = expanded ? IconFolderOpen : IconFolder;
  return (
    <li
      role="treeitem"
      aria-level={level}
      aria-expanded={expandable ? expanded : undefined}
      aria-selected={selected}
      aria-disabled={excluded || undefined}
      tabIndex={tree.focusedId === folder.id ? 0 : -1}
      data-folder-id={folder.id}
      data-parent-id={parentId ?? ''}
      data-expandable={expandable}
      className={classes.item}
      onFocus={(event) => {
        if (event.target === event.currentTarget) tree.setFocusedId(folder.id);
      }}
      onClick={(event) => {
        event.stopPropagation();
        tree.setFocusedId(folder.id);
        tree.open(folder, excluded);
      }}
    >
      <Group
        ref={setNodeRef}
        gap={4}
        wrap="nowrap"
        className={classes.row}
        data-selected={selected || undefined}
        data-drop-over={isOver || undefined}
        data-disabled={excluded || undefined}
        style={{ paddingInlineStart: `calc(${level - 1} * 14px + 4px)` }}
      >
        {expandable ? (
          <UnstyledButton
            className={classes.chevron}
            onClick={onChevron}
            tabIndex={-1}
            aria-hidden
            title={t(expanded ? 'tree.collapse' : 'tree.expand', { name: folder.name })}
          >
            <Chevron size={14} />
          </UnstyledButton>
        ) : (
          <Box w={18} />
        )}
        <FolderIcon size={16} stroke={1.6} style={{ flex: 'none' }} />
        <Text size="sm" truncate="end" className={classes.name}>
          {folder.name}
        </Text>
      </Group>
      {expanded && (
        <ul role="group" className={classes.group}>
          {children === undefined ? (
            <li
              role="none"
              className={classes.loading}
              style={{ paddingInlineStart: `calc(${level} * 14px + 22px)` }}
            >
              <Loader size={12} aria-label={t('tree.loading')} />
            </li>
          ) : (
            children.map((child) => (
              <TreeNode
                key={child.id}
                folder={{ id: child.id, name: child.name }}
                parentId={folder.id}
                level={level + 1}
                excluded={excluded || child.id === tree.excludeId}
              />
            ))
          )}
        </ul>
      )}
    </li>
  );
}
