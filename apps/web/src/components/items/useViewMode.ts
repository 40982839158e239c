import { useState } from 'react';
import { VIEW_MODE_STORAGE_KEY, parseViewMode, type ViewMode } from './viewMode.ts';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(VIEW_MODE_STORAGE_KEY);
  } catch {
    // Storage can be off (private windows, policies): the grid it is.
    return null;
  }
}

/** Grid or list, remembered in this browser for every folder (and the recycle bin). */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(() => parseViewMode(readStored()));
  const choose = (next: ViewMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(VIEW_MODE_STORAGE_KEY, next);
    } catch {
      // Kept for this visit only.
    }
  };
  return [mode, choose];
}
