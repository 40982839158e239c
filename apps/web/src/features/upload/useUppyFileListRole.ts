import { useCallback, useRef } from 'react';

/**
 * Uppy's Dashboard lists a single file in a plain `div` while its items keep `role="listitem"`
 * (@uppy/dashboard FileList), which axe reports as a critical aria-required-parent finding: the
 * container gets its `list` role back whenever Uppy renders it. Answers a ref callback for the
 * element that holds the Dashboard (it may mount late, inside a modal).
 */
export function useUppyFileListRole(): (root: HTMLElement | null) => void {
  const observer = useRef<MutationObserver | null>(null);
  return useCallback((root: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!root) return;
    const mend = () => {
      for (const list of root.querySelectorAll('.uppy-Dashboard-files:not([role])')) {
        list.setAttribute('role', 'list');
      }
    };
    mend();
    observer.current = new MutationObserver(mend);
    observer.current.observe(root, { childList: true, subtree: true });
  }, []);
}
