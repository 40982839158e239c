import { useEffect, useMemo, useState } from 'react';
import { isEditable } from '../editable.ts';
import type { CollectionProps } from './collection.ts';
import {
  EMPTY_SELECTION,
  checkboxSelection,
  clickSelection,
  pruneSelection,
  selectAll,
  selectedInOrder,
  type ClickModifiers,
  type Selection,
} from './selection.ts';

/**
 * The selected entries of a list in `order`, by id, reset when `scope` (the folder) changes. Ctrl/Cmd+A
 * selects every loaded entry and Escape clears, unless a field or a dialog has the keyboard.
 */
export function useSelection(order: readonly string[], scope: string) {
  const [state, setState] = useState<Selection>(EMPTY_SELECTION);
  const [seenScope, setSeenScope] = useState(scope);
  if (seenScope !== scope) {
    setSeenScope(scope);
    setState(EMPTY_SELECTION);
  }
  // Entries that left the list (moved, deleted, gone from a refreshed search) are no longer selected,
  // even if they come back later.
  const selection = pruneSelection(state, order);
  if (selection !== state) setState(selection);
  const ids = useMemo(() => selectedInOrder(selection, order), [selection, order]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isEditable(event.target) || document.querySelector('[role="dialog"]')) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a' && !event.altKey) {
        event.preventDefault();
        setState(selectAll(order));
      } else if (event.key === 'Escape' && !event.defaultPrevented) {
        setState(EMPTY_SELECTION);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [order]);

  return {
    selectedIds: selection.ids,
    /** The selected ids in list order. */
    ids,
    click: (id: string, modifiers: ClickModifiers) => {
      setState((current) => clickSelection(pruneSelection(current, order), order, id, modifiers));
    },
    check: (id: string, range: boolean) => {
      setState((current) => checkboxSelection(pruneSelection(current, order), order, id, range));
    },
    selectAll: () => {
      setState(selectAll(order));
    },
    clear: () => {
      setState(EMPTY_SELECTION);
    },
  };
}

/** The selection's part of a collection's props (the folder view's, the search's). */
export function selectionProps(
  selection: ReturnType<typeof useSelection>,
): Pick<CollectionProps, 'selectedIds' | 'onItemClick' | 'onItemCheck' | 'onSelectAll' | 'onClearSelection'> {
  return {
    selectedIds: selection.selectedIds,
    onItemClick: (item, modifiers) => {
      selection.click(item.id, modifiers);
    },
    onItemCheck: (item, range) => {
      selection.check(item.id, range);
    },
    onSelectAll: selection.selectAll,
    onClearSelection: selection.clear,
  };
}
