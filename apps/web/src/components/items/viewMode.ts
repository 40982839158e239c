export type ViewMode = 'grid' | 'list';

export const VIEW_MODE_STORAGE_KEY = 'skald.folders.viewMode';

/** The stored choice; the grid for anything else (first visit, a value from an older build). */
export function parseViewMode(stored: string | null): ViewMode {
  return stored === 'list' ? 'list' : 'grid';
}
