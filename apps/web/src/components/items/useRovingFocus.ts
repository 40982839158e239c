import {
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { fromControl } from './entryParts.tsx';
import { nextFocusIndex } from './rovingFocus.ts';

const ENTRY_ATTRIBUTE = 'data-entry';

/** Spread onto an entry's focusable element. */
export interface EntryFocusProps {
  'data-entry': string;
  tabIndex: number;
}

interface RovingFocusOptions {
  /** The entries' keys in list order. */
  keys: readonly string[];
  columns: number;
  scrollRef: RefObject<HTMLElement | null>;
  /** Brings the entry into the rendered (virtualized) window. */
  scrollToIndex: (index: number) => void;
  onEnter: (index: number) => void;
  onSpace: (index: number, shift: boolean) => void;
}

/**
 * One tab stop for a whole list or grid (a roving tabindex): the arrow keys, Home and End move the
 * focus between entries, scrolling the virtualized list as they go; Enter opens and Space selects.
 */
export function useRovingFocus({
  keys,
  columns,
  scrollRef,
  scrollToIndex,
  onEnter,
  onSpace,
}: RovingFocusOptions) {
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // The entry to focus once it is rendered: moving far in a virtualized list renders it a frame later.
  const pendingFocus = useRef<string | null>(null);
  const tabStop = activeKey !== null && keys.includes(activeKey) ? activeKey : (keys[0] ?? null);

  useLayoutEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(
      `[${ENTRY_ATTRIBUTE}="${CSS.escape(key)}"]`,
    );
    if (element) {
      pendingFocus.current = null;
      element.focus({ preventScroll: true });
    }
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (fromControl(event) || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = tabStop === null ? -1 : keys.indexOf(tabStop);
    if (index === -1) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onEnter(index);
      return;
    }
    if (event.key === ' ') {
      event.preventDefault();
      onSpace(index, event.shiftKey);
      return;
    }
    const next = nextFocusIndex(event.key, index, keys.length, columns);
    const key = next === null ? undefined : keys[next];
    if (next === null || key === undefined) return;
    event.preventDefault();
    setActiveKey(key);
    pendingFocus.current = key;
    scrollToIndex(next);
  };

  // A click (or a tab) onto an entry makes it the one the keys move from.
  const onFocus = (event: FocusEvent) => {
    const key =
      event.target instanceof Element
        ? event.target.closest(`[${ENTRY_ATTRIBUTE}]`)?.getAttribute(ENTRY_ATTRIBUTE)
        : null;
    if (key) setActiveKey(key);
  };

  return {
    entryProps: (key: string): EntryFocusProps => ({ 'data-entry': key, tabIndex: key === tabStop ? 0 : -1 }),
    containerProps: { onKeyDown, onFocus },
  };
}
