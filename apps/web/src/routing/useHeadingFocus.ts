import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a screen may take to show its heading (its chunk, its texts) before the move is given up. */
const WAIT_MS = 5000;

/** The path whose screen had the focus moved last: the page's first screen keeps the browser's focus. */
let settledPath = window.location.pathname;

function isEditing(element: Element | null): boolean {
  return (
    element instanceof HTMLElement &&
    (element.isContentEditable || element.matches('input, textarea, select'))
  );
}

/**
 * After a route change (to another path, in either layout; not on the page's first screen) the
 * focus moves to the new screen's heading, the first h1 of `main`, so keyboard and screen-reader
 * users start at the top of what they opened instead of on the body or on the link they left. Not
 * while they are typing in a field.
 */
export function useHeadingFocus(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === settledPath) return;
    settledPath = pathname;
    const main = document.querySelector('main');
    if (!main) return;
    const focusHeading = (): boolean => {
      const heading = main.querySelector('h1');
      if (!(heading instanceof HTMLElement)) return false;
      if (isEditing(document.activeElement)) return true;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => {
      observer.disconnect();
    }, WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
}
