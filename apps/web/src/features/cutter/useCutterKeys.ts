import { useEffect, useRef } from 'react';
import { cutterCommandForKey, type CutterCommand } from './cutterKeys.ts';

// A dialog over the cutter (a render's questions) keeps its keys: I or O there would move the marks it renders.
const ELSEWHERE =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="combobox"], [role="dialog"]';

/**
 * The cutter's keys anywhere on its page but in a text field, an open list or a dialog. Listened to before
 * the player's own (window, capture phase), so the arrows step frames here instead of jumping seconds.
 */
export function useCutterKeys(run: (command: CutterCommand) => void): void {
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof Element && event.target.closest(ELSEWHERE)) return;
      const command = cutterCommandForKey(event);
      if (command === null) return;
      event.preventDefault();
      event.stopPropagation();
      runRef.current(command);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
    };
  }, []);
}
