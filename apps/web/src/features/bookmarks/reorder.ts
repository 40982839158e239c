import type { Bookmark } from '../../api/bookmarks.ts';

export type Step = -1 | 1;

/**
 * The order of a bookmark's list after moving it one place up (-1) or down (1), or null when it
 * cannot move that way. The list is what the user sees of one section; the bookmark moves among
 * those of its own scope (private and system bookmarks are ordered apart).
 */
export function movedOrder(list: readonly Bookmark[], id: string, step: Step): string[] | null {
  const moving = list.find((b) => b.id === id);
  if (!moving?.canEdit) return null;
  const ids = list.filter((b) => b.scope === moving.scope).map((b) => b.id);
  const from = ids.indexOf(id);
  const to = from + step;
  if (to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to] ?? id, id];
  return ids;
}

/** The list with the given bookmarks in the given order, in the places they held; the others stay. */
export function applyOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const listed = new Set(ordered.map((item) => item.id));
  let next = 0;
  return items.map((item) => (listed.has(item.id) ? (ordered[next++] ?? item) : item));
}
