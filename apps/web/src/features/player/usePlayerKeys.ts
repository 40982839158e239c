import { useEffect, useRef, type RefObject } from 'react';
import {
  mediaCommandForKey,
  playerTakesKey,
  viewCommandForKey,
  type KeyPress,
  type KeyTarget,
  type ViewCommand,
} from './keyMap.ts';
import type { MediaTransport } from './useMediaTransport.ts';

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
const INTERACTIVE = [
  'a[href]',
  'button',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
  ...[
    'button',
    'link',
    'slider',
    'tab',
    'menuitem',
    'option',
    'checkbox',
    'radio',
    'switch',
    'combobox',
    'listbox',
    'gridcell',
    'treeitem',
    'dialog',
  ].map((role) => `[role="${role}"]`),
].join(', ');

function describeTarget(target: EventTarget | null, root: HTMLElement | null): KeyTarget {
  if (!(target instanceof Element)) return { insidePlayer: false, editable: false, interactive: false };
  return {
    insidePlayer: root?.contains(target) ?? false,
    editable: target.closest(EDITABLE) !== null || (target as HTMLElement).isContentEditable,
    interactive: target.closest(INTERACTIVE) !== null,
  };
}

/**
 * Sends key presses to `handle` while the player may take them (see playerTakesKey); a press it
 * handles (returns true for) has its default prevented, so Space does not also click a focused button
 * or scroll the page.
 */
export function usePlayerKeys(
  rootRef: RefObject<HTMLElement | null>,
  handle: (press: KeyPress) => boolean,
  enabled = true,
): void {
  const handleRef = useRef(handle);
  useEffect(() => {
    handleRef.current = handle;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (!playerTakesKey(describeTarget(event.target, rootRef.current))) return;
      if (handleRef.current(event)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [rootRef, enabled]);
}

/**
 * The audio and video players' keys (keyMap's media and view commands), while the media has not
 * failed; a view command the player does not offer (full screen for audio) is left alone.
 */
export function useMediaKeys(
  rootRef: RefObject<HTMLElement | null>,
  media: Pick<MediaTransport, 'run'>,
  enabled: boolean,
  view: Partial<Record<ViewCommand, () => void>>,
): void {
  usePlayerKeys(
    rootRef,
    (press) => {
      const command = mediaCommandForKey(press);
      if (command !== null) return media.run(command);
      const viewCommand = viewCommandForKey(press);
      const action = viewCommand === null ? undefined : view[viewCommand];
      if (!action) return false;
      action();
      return true;
    },
    enabled,
  );
}
