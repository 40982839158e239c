import { useMemo, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { entryKey, type CollectionProps, type ColumnSort, type Entry } from './collection.ts';
import { useRovingFocus } from './useRovingFocus.ts';

/**
 * The keyboard in a grid or list of entries: the arrows move between them, Enter opens the one with
 * the focus, Space selects it (Shift+Space: the range up to it), as its checkbox would.
 */
export function useCollectionKeys<S extends ColumnSort>(
  props: CollectionProps<S>,
  entries: readonly Entry[],
  layout: {
    columns: number;
    scrollRef: RefObject<HTMLElement | null>;
    scrollToIndex: (index: number) => void;
  },
) {
  const navigate = useNavigate();
  const keys = useMemo(() => entries.map(entryKey), [entries]);
  return useRovingFocus({
    ...layout,
    keys,
    onEnter: (index) => {
      const entry = entries[index];
      if (!entry) return;
      const href = entry.kind === 'folder' ? props.folderHref?.(entry.folder) : props.itemHref?.(entry.item);
      if (href) void navigate(href);
    },
    onSpace: (index, shift) => {
      const entry = entries[index];
      if (entry?.kind === 'item') props.onItemCheck(entry.item, shift);
    },
  });
}
