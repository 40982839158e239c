import { PRELOAD_RELOAD_KEY } from './preloadRecovery.ts';

/** The user's own reload after a failure: the automatic reload may try once more afterwards. */
export function reloadPage(): void {
  window.sessionStorage.removeItem(PRELOAD_RELOAD_KEY);
  window.location.reload();
}
