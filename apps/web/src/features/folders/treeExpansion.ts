/**
 * The folder tree's shape on screen: which folders are expanded, which rows that makes visible, and
 * what a key does to them (the WAI-ARIA tree view pattern). Children load when their folder is first
 * expanded, so a folder's children may be unknown (undefined) yet.
 */

export interface VisibleNode {
  id: string;
  parentId: string | null;
  /** 0 for the root. */
  depth: number;
  /** Unknown children count as expandable until they have loaded empty. */
  expandable: boolean;
  expanded: boolean;
  /** Expanded, with its children still loading. */
  loading: boolean;
}

export type ChildrenOf = (id: string) => readonly string[] | undefined;

/** The rows of the tree, depth first, below the expanded folders only. */
export function visibleTree(
  rootId: string,
  expanded: ReadonlySet<string>,
  childrenOf: ChildrenOf,
): VisibleNode[] {
  const rows: VisibleNode[] = [];
  const visit = (id: string, parentId: string | null, depth: number, seen: ReadonlySet<string>) => {
    const children = childrenOf(id);
    const isExpanded = expanded.has(id) && (children === undefined || children.length > 0);
    rows.push({
      id,
      parentId,
      depth,
      expandable: children === undefined || children.length > 0,
      expanded: isExpanded,
      loading: isExpanded && children === undefined,
    });
    if (!isExpanded || children === undefined) return;
    // A cycle (a folder moved under itself while data was stale) must not hang the page.
    const inPath = new Set(seen).add(id);
    for (const child of children) if (!inPath.has(child)) visit(child, id, depth + 1, inPath);
  };
  visit(rootId, null, 0, new Set());
  return rows;
}

/** Expands every folder of a path (root down to the current folder), so the current one shows. */
export function expandAlong(expanded: ReadonlySet<string>, path: readonly string[]): ReadonlySet<string> {
  if (path.every((id) => expanded.has(id))) return expanded;
  return new Set([...expanded, ...path]);
}

export function toggleExpanded(expanded: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(expanded);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export type TreeKeyAction =
  | { kind: 'focus'; id: string }
  | { kind: 'expand'; id: string }
  | { kind: 'collapse'; id: string }
  | { kind: 'open'; id: string };

/** What a key does on the focused row; null for keys the tree leaves alone. */
export function treeKeyAction(
  key: string,
  focusedId: string,
  rows: readonly VisibleNode[],
): TreeKeyAction | null {
  const index = rows.findIndex((row) => row.id === focusedId);
  const row = rows[index];
  if (!row) return null;
  const focus = (target: VisibleNode | undefined): TreeKeyAction | null =>
    target ? { kind: 'focus', id: target.id } : null;
  switch (key) {
    case 'ArrowDown':
      return focus(rows[index + 1]);
    case 'ArrowUp':
      return focus(rows[index - 1]);
    case 'Home':
      return focus(rows[0]);
    case 'End':
      return focus(rows.at(-1));
    case 'ArrowRight':
      if (!row.expandable) return null;
      if (!row.expanded) return { kind: 'expand', id: row.id };
      // The first child, once it has loaded.
      return rows[index + 1]?.parentId === row.id ? focus(rows[index + 1]) : null;
    case 'ArrowLeft':
      if (row.expanded) return { kind: 'collapse', id: row.id };
      return focus(rows.find((candidate) => candidate.id === row.parentId));
    case 'Enter':
    case ' ':
      return { kind: 'open', id: row.id };
    default:
      return null;
  }
}

/** True when `candidate` is `folderId` or lies below it, going by known parents: no folder moves into itself. */
export function isWithin(
  candidate: string,
  folderId: string,
  parentOf: (id: string) => string | null | undefined,
): boolean {
  const seen = new Set<string>();
  for (let id: string | null | undefined = candidate; id != null && !seen.has(id); id = parentOf(id)) {
    if (id === folderId) return true;
    seen.add(id);
  }
  return false;
}
