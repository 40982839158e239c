import { useLocation } from 'react-router';
import { PATHS } from '../routing/paths.ts';
import type { NavSection } from './navigation.ts';

/**
 * Spec §2: /export and /browse open the main layout with only the export or the browse feature set,
 * for an editing tool's panel; every other path has the rich one. The panel keeps the set it was
 * opened with while it moves on to other screens (an item's page, a folder), for its session
 * (sessionStorage: one browser tab or panel, so a tab of the full app is not limited by it).
 */
export type FeatureSet = 'rich' | 'browse' | 'export';

interface Limits {
  /** The navigation entries shown (keys of layout/navigation.ts). */
  entries: ReadonlySet<string>;
  /** The navigation's bookmark and filter sections. */
  bookmarks: boolean;
  /** The header's Upload button. */
  upload: boolean;
}

/** Browse: find media and bring it into the tool. Export: send the tool's renders into the library. */
const LIMITS: Record<Exclude<FeatureSet, 'rich'>, Limits> = {
  browse: { entries: new Set(['search', 'folders']), bookmarks: true, upload: false },
  export: { entries: new Set(['folders', 'activity']), bookmarks: false, upload: true },
};

const STORAGE_KEY = 'skald.featureSet';
const ENTRY_PATHS: Record<string, Exclude<FeatureSet, 'rich'>> = {
  [PATHS.browse]: 'browse',
  [PATHS.exportLayout]: 'export',
};

function stored(): FeatureSet {
  try {
    const value = window.sessionStorage.getItem(STORAGE_KEY);
    return value === 'browse' || value === 'export' ? value : 'rich';
  } catch {
    return 'rich';
  }
}

/** The feature set of this panel or tab: the entry path's, once opened through one. */
export function useFeatureSet(): FeatureSet {
  const { pathname } = useLocation();
  const entered = ENTRY_PATHS[pathname];
  if (entered) {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, entered);
    } catch {
      // Storage refused (a locked-down panel): the set holds on its entry path only.
    }
    return entered;
  }
  return stored();
}

/** The navigation of a feature set: the rich set's, less what the set leaves out. */
export function limitNavigation(sections: NavSection[], set: FeatureSet): NavSection[] {
  if (set === 'rich') return sections;
  const limits = LIMITS[set];
  return sections
    .map((section) => ({ ...section, items: section.items.filter((item) => limits.entries.has(item.key)) }))
    .filter((section) => section.items.length > 0 || (limits.bookmarks && section.bookmarks !== undefined));
}

export const showsUpload = (set: FeatureSet): boolean => set === 'rich' || LIMITS[set].upload;
export const showsBookmarks = (set: FeatureSet): boolean => set === 'rich' || LIMITS[set].bookmarks;
