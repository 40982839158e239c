const KEY = 'skald.lastTenant';

/** The organisation slug last signed in to in this browser, to prefill the sign-in form. */
export function readLastTenant(): string {
  try {
    return window.localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberTenant(slug: string): void {
  try {
    window.localStorage.setItem(KEY, slug);
  } catch {
    // Storage can be unavailable (private mode, quota); prefilling is only a convenience.
  }
}
