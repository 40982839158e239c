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
  'comments',
  'tasks',
  'notifications',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const INITIAL_NAMESPACES: Namespace[] = ['common', 'layout', 'errors', 'messages'];
