import { useEffect, useRef } from 'react';
import { cutterCommandForKey, type CutterCommand } from './cutterKeys.ts';

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="combobox"]';

/**
 * The cutter's keys anywhere on its page but in a text field or an open list. Listened to before
 * the player's own (window, capture phase), so the arrows step frames here instead of jumping seconds.
 */
export function useCutterKeys(run: (command: CutterCommand) => void): void {
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof Element && event.target.closest(EDITABLE)) return;
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
