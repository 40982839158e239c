/** What is dragged in the folder view, and where it may land (dnd-kit ids and data). */

export type DragPayload =
  | { kind: 'items'; ids: readonly string[] }
  | { kind: 'folder'; id: string; name: string; parentId: string | null };

export interface DropTarget {
  folderId: string;
  name: string;
}

export type DropPlace = 'tree' | 'tile';

/** Droppable ids: one folder shows up both in the tree and as a tile, each needs its own id. */
export function folderDropId(place: DropPlace, folderId: string): string {
  return `${place}:${folderId}`;
}

/** Dragging a selected item drags the whole selection (in list order); any other drags alone. */
export function dragIdsFor(itemId: string, selectedInOrder: readonly string[]): readonly string[] {
  return selectedInOrder.includes(itemId) ? selectedInOrder : [itemId];
}

export type DropPlan =
  | { kind: 'moveItems'; ids: readonly string[]; folderId: string }
  | { kind: 'moveFolder'; id: string; parentId: string };

/**
 * What a drop does, or null when it would change nothing: items dropped on the folder they are in,
 * a folder dropped on itself or on the folder it already is in. The server refuses a folder moved
 * below itself; the tree already marks those targets.
 */
export function dropPlan(payload: DragPayload, target: DropTarget, currentFolderId: string): DropPlan | null {
  if (payload.kind === 'items') {
    if (payload.ids.length === 0 || target.folderId === currentFolderId) return null;
    return { kind: 'moveItems', ids: payload.ids, folderId: target.folderId };
  }
  if (target.folderId === payload.id || target.folderId === payload.parentId) return null;
  return { kind: 'moveFolder', id: payload.id, parentId: target.folderId };
}
