/**
 * Multi-selection of a list, as file managers do it: a click selects one entry, Ctrl/Cmd-click
 * toggles one, Shift-click selects the range from the anchor (the last entry clicked without Shift),
 * Ctrl/Cmd+Shift-click adds that range to what is selected.
 */
export interface Selection {
  ids: ReadonlySet<string>;
  /** Where a Shift-click range starts; null before the first click. */
  anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export interface ClickModifiers {
  /** Ctrl, or Cmd on a Mac. */
  toggle: boolean;
  range: boolean;
}

/** The ids from `a` to `b` inclusive, in list order (either may come first); [] when one is missing. */
export function rangeBetween(order: readonly string[], a: string, b: string): string[] {
  const start = order.indexOf(a);
  const end = order.indexOf(b);
  if (start === -1 || end === -1) return [];
  return order.slice(Math.min(start, end), Math.max(start, end) + 1);
}

export function clickSelection(
  selection: Selection,
  order: readonly string[],
  id: string,
  { toggle, range }: ClickModifiers,
): Selection {
  if (range) {
    // Without an anchor still in the list, the range starts at the entry clicked.
    const anchor = selection.anchor !== null && order.includes(selection.anchor) ? selection.anchor : id;
    const span = rangeBetween(order, anchor, id);
    const ids = new Set(toggle ? [...selection.ids, ...span] : span);
    return { ids, anchor };
  }
  if (toggle) {
    const ids = new Set(selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id };
  }
  return { ids: new Set([id]), anchor: id };
}

/** A checkbox toggles its entry; with Shift it adds the range from the anchor. */
export function checkboxSelection(
  selection: Selection,
  order: readonly string[],
  id: string,
  range: boolean,
): Selection {
  return clickSelection(selection, order, id, { toggle: true, range });
}

export function selectAll(order: readonly string[]): Selection {
  return { ids: new Set(order), anchor: order[0] ?? null };
}

/** Drops ids no longer in the list (moved, deleted); the same object when nothing changed. */
export function pruneSelection(selection: Selection, order: readonly string[]): Selection {
  const present = new Set(order);
  const kept = [...selection.ids].filter((id) => present.has(id));
  if (kept.length === selection.ids.size) return selection;
  const anchor = selection.anchor !== null && present.has(selection.anchor) ? selection.anchor : null;
  return { ids: new Set(kept), anchor };
}

/** The selected ids in list order. */
export function selectedInOrder(selection: Selection, order: readonly string[]): string[] {
  return order.filter((id) => selection.ids.has(id));
}
