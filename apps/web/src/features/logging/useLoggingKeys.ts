import { shortcutOfKey, type LoggingShortcut } from '@skald/domain';
import { useEffect, useRef } from 'react';

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"]';

/**
 * While the Logging tab is open, a form's keyboard shortcut logs an event with that form (spec §3
 * "log event and timed metadata (shortcut, type, duration)"): anywhere on the page but in a text
 * input or a dialog, and not a key something else has taken (the player's own keys are system
 * shortcuts, which no form may hold).
 */
export function useLoggingKeys(
  shortcuts: readonly LoggingShortcut[],
  log: (s: LoggingShortcut) => void,
): void {
  const latest = useRef({ shortcuts, log });
  useEffect(() => {
    latest.current = { shortcuts, log };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      if (event.target instanceof Element && event.target.closest(EDITABLE) !== null) return;
      const pressed = shortcutOfKey(event);
      const found = latest.current.shortcuts.find((s) => s.shortcut === pressed);
      if (!found) return;
      event.preventDefault();
      latest.current.log(found);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
