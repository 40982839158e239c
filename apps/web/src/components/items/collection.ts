import type { ReactNode } from 'react';
import type { Folder } from '../../api/folders.ts';
import type { ItemSummary, SortOrder } from '../../api/items.ts';
import type { ItemAction } from './ItemActionsMenu.tsx';
import type { ClickModifiers } from './selection.ts';
import type { ViewMode } from './viewMode.ts';

/** One tile or row: subfolders come first, then items. */
export type Entry = { kind: 'folder'; folder: Folder } | { kind: 'item'; item: ItemSummary };

export function entriesOf(folders: readonly Folder[], items: readonly ItemSummary[]): Entry[] {
  return [
    ...folders.map((folder): Entry => ({ kind: 'folder', folder })),
    ...items.map((item): Entry => ({ kind: 'item', item })),
  ];
}

export function entryKey(entry: Entry): string {
  return entry.kind === 'folder' ? `folder:${entry.folder.id}` : `item:${entry.item.id}`;
}

/** A list's order: what it is sorted by (a column, or something else such as relevance) and which way. */
export interface ListSort<S extends string = string> {
  sort: S;
  order: SortOrder;
}

/** The list's columns that can sort it, when the screen offers that order. */
export type ColumnSort = 'title' | 'type' | 'duration' | 'created' | 'deleted';

/** What the grid and the list share: the folder view and the search (and recycle bin) fill it in. */
export interface CollectionProps<S extends ColumnSort = ColumnSort> {
  /** Names the grid or table for screen readers. */
  label: string;
  mode: ViewMode;
  folders: readonly Folder[];
  items: readonly ItemSummary[];
  selectedIds: ReadonlySet<string>;
  onItemClick: (item: ItemSummary, modifiers: ClickModifiers) => void;
  onItemCheck: (item: ItemSummary, range: boolean) => void;
  /** Whether an item can be selected (every item without it); the others show no checkbox. */
  isSelectable?: ((item: ItemSummary) => boolean) | undefined;
  /** The list's header checkbox: every loaded item, or none. */
  onSelectAll: () => void;
  onClearSelection: () => void;
  /** Where an item's title leads (and a double-click); items are not links without it. */
  itemHref?: ((item: ItemSummary) => string) | undefined;
  folderHref?: ((folder: Folder) => string) | undefined;
  /** A folder's action menu. */
  folderMenu?: ((folder: Folder) => ReactNode) | undefined;
  /** The items a drag of this one carries; without it nothing can be dragged. */
  dragIds?: ((item: ItemSummary) => readonly string[]) | undefined;
  /** The list's order, marked on its column header. */
  sort?: ListSort | undefined;
  /** The column headers that sort the list when clicked. */
  sortable?: readonly S[] | undefined;
  onSort?: ((column: S) => void) | undefined;
  /** An item's title as shown, e.g. with the search's matches marked; the plain title without it. */
  itemTitle?: ((item: ItemSummary) => ReactNode) | undefined;
  /** A line under the title (the search shows the description there); nothing without it. */
  itemDetail?: ((item: ItemSummary) => ReactNode) | undefined;
  /**
   * Lines under the detail, at most MOMENTS_PER_HIT (the search's moments, each a link to its
   * time); the tiles leave room for them. Nothing without it.
   */
  itemMoments?: ((item: ItemSummary) => ReactNode) | undefined;
  /** What an item's ⋯ menu and context menu offer; neither without it. */
  itemActions?: ((item: ItemSummary) => readonly ItemAction[]) | undefined;
  /** The date column: when created (folders) or when deleted (recycle bin). */
  dateColumn: 'created' | 'deleted';
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}
