import { hasPermission, isAdmin, type Principal } from '../permissions/roles.ts';
import type { BookmarkAudience, BookmarkIcon, BookmarkKind } from './types.ts';

/** Spec §6 general.bookmarks; general.getGroups implies it (expandPermissions). */
export function canUseBookmarks(p: Principal): boolean {
  return hasPermission(p, 'general.bookmarks');
}

/** Spec §6 "System bookmarks: manage", which administrators have too. */
export function canManageSystemBookmarks(p: Principal): boolean {
  return isAdmin(p) || hasPermission(p, 'general.systemBookmarksManage');
}

/**
 * `navigation`: what the user's navigation lists. `manage`: the management list, where those who
 * manage system bookmarks also see the hidden ones and those of groups they are not in.
 */
export type BookmarkView = 'navigation' | 'manage';

/**
 * Private bookmarks are their owner's alone. A system bookmark shows to everyone, or to the members
 * of its selected groups; a hidden one shows to nobody's navigation.
 */
export function canSeeBookmark(p: Principal, b: BookmarkAudience, view: BookmarkView): boolean {
  if (b.scope === 'private') return b.ownerId === p.userId;
  if (view === 'manage' && canManageSystemBookmarks(p)) return true;
  const visibility = b.visibility ?? { level: 'everyone', groupIds: [] };
  switch (visibility.level) {
    case 'everyone':
      return true;
    case 'hidden':
      return false;
    case 'selected_groups':
      return p.groupIds.some((g) => visibility.groupIds.includes(g));
  }
}

/** Edit, reorder and delete: one's own private bookmarks; system ones with the manage permission. */
export function canEditBookmark(p: Principal, b: BookmarkAudience): boolean {
  if (!canUseBookmarks(p)) return false;
  return b.scope === 'private' ? b.ownerId === p.userId : canManageSystemBookmarks(p);
}

/** Spec §2 navigation sections: saved searches are the Filters, everything else the Bookmarks. */
export type BookmarkSection = 'bookmarks' | 'filters';

const SECTIONS: Readonly<Record<BookmarkKind, BookmarkSection>> = {
  page: 'bookmarks',
  folder: 'bookmarks',
  item: 'bookmarks',
  person: 'bookmarks',
  search: 'filters',
};

export const bookmarkSection = (kind: BookmarkKind): BookmarkSection => SECTIONS[kind];

const DEFAULT_ICONS: Readonly<Record<BookmarkKind, BookmarkIcon>> = {
  page: 'bookmark',
  folder: 'folder',
  item: 'file',
  person: 'person',
  search: 'search',
};

/** The icon of a bookmark without a custom one. */
export const defaultBookmarkIcon = (kind: BookmarkKind): BookmarkIcon => DEFAULT_ICONS[kind];
