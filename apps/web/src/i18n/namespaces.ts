import { PATHS, isPublicPath } from '../routing/paths.ts';

/**
 * Translation namespaces: one JSON file per namespace and language under public/locales/<lng>/.
 * `common`, `layout` and `errors` load at start; the others load with the screen that needs them.
 */
export const NAMESPACES = [
  'common',
  'layout',
  'errors',
  'messages',
  'auth',
  'userSettings',
  'apiKeys',
  'admin',
  'permissions',
  'changelog',
  'itemDetails',
  'activity',
  'player',
  'folders',
  'items',
  'upload',
  'recycleBin',
  'search',
  'bookmarks',
  'forms',
  'shares',
  'comments',
  'tasks',
  'notifications',
  'logging',
  'analysis',
  'presets',
  'cutter',
  'persons',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const INITIAL_NAMESPACES: Namespace[] = ['common', 'layout', 'errors', 'messages'];

/**
 * The namespaces loaded before the first render: the initial ones and those of the screen the app
 * opens on, when it is the sign-in form (`auth`) or the search page (with the layout's
 * bookmarks), so the first screen paints with the first texts instead of suspending for its own
 * (issue 11 §7). Other screens load theirs as they render.
 */
export function initialNamespaces(pathname: string): Namespace[] {
  if (isPublicPath(pathname)) return [...INITIAL_NAMESPACES, 'auth'];
  if (pathname === PATHS.searchItem || pathname === PATHS.searchItemAlias)
    return [...INITIAL_NAMESPACES, 'bookmarks', 'search', 'items', 'recycleBin'];
  return [...INITIAL_NAMESPACES, 'bookmarks'];
}
