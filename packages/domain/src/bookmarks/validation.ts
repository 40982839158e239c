import { MESSAGES } from '../messages.ts';
import {
  BOOKMARK_ICONS,
  BOOKMARK_KINDS,
  BOOKMARK_LIMITS,
  BOOKMARK_SCOPES,
  BOOKMARK_VISIBILITY_LEVELS,
  type BookmarkIcon,
  type BookmarkKind,
  type BookmarkScope,
  type BookmarkVisibility,
  type SearchFilterType,
} from './types.ts';

/** A bookmark as a form or a request states it, not yet checked. */
export interface BookmarkDraft {
  title: string;
  kind: string;
  target: string;
  icon: string | null;
  scope: string;
  /** System bookmarks only; null there means everyone. */
  visibility: { level: string; groupIds: readonly string[] } | null;
}

/** A draft that passed: trimmed, typed, with its filter type derived from the target. */
export interface ValidBookmark {
  title: string;
  kind: BookmarkKind;
  target: string;
  icon: BookmarkIcon | null;
  scope: BookmarkScope;
  visibility: BookmarkVisibility | null;
  filterType: SearchFilterType | null;
}

export type BookmarkField =
  'title' | 'kind' | 'target' | 'icon' | 'scope' | 'visibility' | 'visibility.groupIds';

export interface BookmarkFieldError {
  field: BookmarkField;
  message: string;
}

export type BookmarkValidation =
  { ok: true; bookmark: ValidBookmark } | { ok: false; errors: BookmarkFieldError[] };

/** The texts of the rules the spec does not word; the spec's own are in MESSAGES. */
export const BOOKMARK_RULE_TEXTS = {
  titleTooLong: `Bookmark title is at most ${BOOKMARK_LIMITS.titleMaxLength} characters`,
  unknownKind: `Kind must be one of ${BOOKMARK_KINDS.join(', ')}`,
  pageTarget: 'Target must be an address in the app, starting with a single /',
  searchTarget: 'Target must be the address of a search screen: /, /search-item or /recycle-bin',
  idTarget: 'Target must be the id of the {kind}',
  unknownIcon: 'Unknown icon',
  unknownScope: `Scope must be one of ${BOOKMARK_SCOPES.join(', ')}`,
  privateVisibility: 'A private bookmark is seen by its owner only and takes no visibility',
  unknownLevel: `Visibility must be one of ${BOOKMARK_VISIBILITY_LEVELS.join(', ')}`,
} as const;

/** The search screens a saved search can reopen, by path (docs/SEARCH.md). */
const SEARCH_SCREENS: Readonly<Record<string, SearchFilterType>> = {
  '/': 'search',
  '/search-item': 'search',
  '/recycle-bin': 'recycleBin',
};

// One leading slash (two would be another host), no backslashes (browsers read them as slashes),
// no white space: what the browser's own location.pathname + search looks like.
const APP_URL = /^\/(?![/\\])[^\s\\]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isAppUrl(target: string): boolean {
  return target.length <= BOOKMARK_LIMITS.targetMaxLength && APP_URL.test(target);
}

/** Which search screen an address opens, or null when it is not one. */
export function searchFilterTypeOf(target: string): SearchFilterType | null {
  if (!isAppUrl(target)) return null;
  const path = target.split(/[?#]/, 1)[0] ?? '';
  return Object.hasOwn(SEARCH_SCREENS, path) ? (SEARCH_SCREENS[path] ?? null) : null;
}

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

function targetError(kind: BookmarkKind, target: string): string | null {
  switch (kind) {
    case 'page':
      return isAppUrl(target) ? null : BOOKMARK_RULE_TEXTS.pageTarget;
    case 'search':
      return searchFilterTypeOf(target) ? null : BOOKMARK_RULE_TEXTS.searchTarget;
    case 'folder':
    case 'item':
    case 'person':
      return UUID.test(target) ? null : BOOKMARK_RULE_TEXTS.idTarget.replace('{kind}', kind);
  }
}

function systemVisibility(visibility: BookmarkDraft['visibility']): BookmarkVisibility | BookmarkFieldError {
  if (!visibility) return { level: 'everyone', groupIds: [] };
  if (!isOneOf(BOOKMARK_VISIBILITY_LEVELS, visibility.level)) {
    return { field: 'visibility', message: BOOKMARK_RULE_TEXTS.unknownLevel };
  }
  if (visibility.level !== 'selected_groups') return { level: visibility.level, groupIds: [] };
  // Spec §5: "Selected groups cannot be empty."
  if (visibility.groupIds.length === 0) {
    return { field: 'visibility.groupIds', message: MESSAGES.selectedGroupsEmpty };
  }
  return { level: visibility.level, groupIds: [...new Set(visibility.groupIds)] };
}

/** Spec §5 bookmark rules, and the shape of the target each kind points at. */
export function validateBookmark(draft: BookmarkDraft): BookmarkValidation {
  const errors: BookmarkFieldError[] = [];
  const title = draft.title.trim();
  if (title === '') errors.push({ field: 'title', message: MESSAGES.bookmarkTitleRequired });
  else if (title.length > BOOKMARK_LIMITS.titleMaxLength) {
    errors.push({ field: 'title', message: BOOKMARK_RULE_TEXTS.titleTooLong });
  }
  const kind = isOneOf(BOOKMARK_KINDS, draft.kind) ? draft.kind : null;
  if (!kind) errors.push({ field: 'kind', message: BOOKMARK_RULE_TEXTS.unknownKind });
  const targetProblem = kind && targetError(kind, draft.target);
  if (targetProblem) errors.push({ field: 'target', message: targetProblem });
  const icon = draft.icon === null || isOneOf(BOOKMARK_ICONS, draft.icon) ? draft.icon : undefined;
  if (icon === undefined) errors.push({ field: 'icon', message: BOOKMARK_RULE_TEXTS.unknownIcon });
  const scope = isOneOf(BOOKMARK_SCOPES, draft.scope) ? draft.scope : null;
  if (!scope) errors.push({ field: 'scope', message: BOOKMARK_RULE_TEXTS.unknownScope });
  let visibility: BookmarkVisibility | null = null;
  if (scope === 'private' && draft.visibility) {
    errors.push({ field: 'visibility', message: BOOKMARK_RULE_TEXTS.privateVisibility });
  } else if (scope === 'system') {
    const checked = systemVisibility(draft.visibility);
    if ('field' in checked) errors.push(checked);
    else visibility = checked;
  }
  if (errors.length > 0 || !kind || !scope || icon === undefined) return { ok: false, errors };
  return {
    ok: true,
    bookmark: {
      title,
      kind,
      target: draft.target,
      icon,
      scope,
      visibility,
      filterType: kind === 'search' ? searchFilterTypeOf(draft.target) : null,
    },
  };
}
