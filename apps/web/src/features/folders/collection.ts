import type { ReactNode } from 'react';
import type { Folder } from '../../api/folders.ts';
import type { ItemSort, ItemSummary } from '../../api/items.ts';
import type { ClickModifiers } from './selection.ts';
import type { SortState } from './sortParams.ts';
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

/** What the grid and the list share: the folder view and the recycle bin fill it in. */
export interface CollectionProps {
  /** Names the grid or table for screen readers. */
  label: string;
  mode: ViewMode;
  folders: readonly Folder[];
  items: readonly ItemSummary[];
  selectedIds: ReadonlySet<string>;
  onItemClick: (item: ItemSummary, modifiers: ClickModifiers) => void;
  onItemCheck: (item: ItemSummary, range: boolean) => void;
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
  /** The list's column headers sort. */
  sort?: SortState | undefined;
  onSort?: ((sort: ItemSort) => void) | undefined;
  /** The date column: when created (folders) or when deleted (recycle bin). */
  dateColumn: 'created' | 'deleted';
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}
