/** Spec §3 Bookmark kinds: what a bookmark points at. */
export const BOOKMARK_KINDS = ['page', 'folder', 'item', 'person', 'search'] as const;
export type BookmarkKind = (typeof BOOKMARK_KINDS)[number];

/** Spec §6: "Bookmarks are private (you only) or system". */
export const BOOKMARK_SCOPES = ['private', 'system'] as const;
export type BookmarkScope = (typeof BOOKMARK_SCOPES)[number];

/** Spec §3: "In bookmarks and forms, visibility may be everyone, hidden, or selected groups." */
export const BOOKMARK_VISIBILITY_LEVELS = ['everyone', 'hidden', 'selected_groups'] as const;
export type BookmarkVisibilityLevel = (typeof BOOKMARK_VISIBILITY_LEVELS)[number];

/** Spec §3 filter type: which search screen a saved search (kind 'search') reopens. */
export const SEARCH_FILTER_TYPES = ['search', 'recycleBin'] as const;
export type SearchFilterType = (typeof SEARCH_FILTER_TYPES)[number];

/** Spec §3 custom icon: the names a bookmark may carry; the web draws each one. */
export const BOOKMARK_ICONS = [
  'bookmark',
  'star',
  'heart',
  'flag',
  'pin',
  'folder',
  'video',
  'audio',
  'image',
  'file',
  'person',
  'search',
  'news',
  'sport',
  'calendar',
  'trash',
] as const;
export type BookmarkIcon = (typeof BOOKMARK_ICONS)[number];

export const BOOKMARK_LIMITS = { titleMaxLength: 200, targetMaxLength: 2000 } as const;

/** Who sees a system bookmark; private bookmarks have none (their owner alone sees them). */
export interface BookmarkVisibility {
  level: BookmarkVisibilityLevel;
  groupIds: readonly string[];
}

/** What the visibility and edit rules look at. */
export interface BookmarkAudience {
  scope: BookmarkScope;
  /** The owner of a private bookmark; system bookmarks belong to the organisation (null). */
  ownerId: string | null;
  visibility: BookmarkVisibility | null;
}

/** A bookmark as the API answers it. */
export interface Bookmark extends BookmarkAudience {
  id: string;
  tenantId: string;
  title: string;
  kind: BookmarkKind;
  /** page and search: an app-relative URL ('/?q=news'); folder, item, person: that one's id. */
  target: string;
  /** null: the kind's default (defaultBookmarkIcon). */
  icon: BookmarkIcon | null;
  /** Set for kind 'search' only. */
  filterType: SearchFilterType | null;
  position: number;
  createdAt: string;
  updatedAt: string;
  /** Whether the caller may edit, reorder and delete it. */
  canEdit: boolean;
}
