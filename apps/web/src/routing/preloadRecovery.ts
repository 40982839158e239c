/**
 * After a deployment the hashed chunks of the previous build are gone, and a lazy screen fails to
 * load. Reloading once picks up the new build; a second failure in the same tab shows the error
 * screen instead of reloading for ever. The attempt is remembered in sessionStorage (per tab).
 */
export const PRELOAD_RELOAD_KEY = 'skald.preloadReloadAttempted';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type PreloadErrorOutcome = 'reloading' | 'rethrown';

export function handlePreloadError(
  event: { preventDefault(): void },
  storage: FlagStorage,
  reload: () => void,
): PreloadErrorOutcome {
  if (storage.getItem(PRELOAD_RELOAD_KEY) !== null) {
    // Not cancelled: Vite rethrows the error and the route's error screen shows it.
    return 'rethrown';
  }
  storage.setItem(PRELOAD_RELOAD_KEY, new Date().toISOString());
  event.preventDefault();
  reload();
  return 'reloading';
}

/** A screen chunk loaded: the next failure (a later deployment) may reload once again. */
export function markScreenLoaded(storage: FlagStorage): void {
  storage.removeItem(PRELOAD_RELOAD_KEY);
}

interface RouterStateLike {
  initialized: boolean;
  navigation: { state: string };
  errors: Record<string, unknown> | null;
}

/**
 * Only a navigation that finished without a route error proves the new build's chunks load; a layout
 * chunk loading while the screen's chunk fails must not re-arm the reload (that would loop).
 */
export function screenLoadSucceeded(state: RouterStateLike): boolean {
  return state.initialized && state.navigation.state === 'idle' && state.errors === null;
}

/** Where to reload to: the screen being navigated to when its chunk failed, else the current page. */
export function reloadTarget(
  pending: { pathname: string; search: string; hash: string } | undefined,
): string | null {
  return pending ? `${pending.pathname}${pending.search}${pending.hash}` : null;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(
    message,
  );
}
