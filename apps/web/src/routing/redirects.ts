import { PATHS } from './paths.ts';

export interface Redirect {
  from: string;
  to: string;
}

/** Spec §2: old and alias paths that send the user on to a named screen. */
export const REDIRECTS: readonly Redirect[] = [
  { from: '/index.html', to: PATHS.searchItem },
  { from: '/search-person', to: PATHS.searchItem },
  { from: '/my-account', to: PATHS.myOrganization },
];

function trimTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** Where a redirecting path leads, keeping its query string and hash; undefined when it is no redirect. */
export function redirectTarget(pathname: string, search = '', hash = ''): string | undefined {
  const path = trimTrailingSlash(pathname);
  const redirect = REDIRECTS.find((r) => r.from === path);
  return redirect ? `${redirect.to}${search}${hash}` : undefined;
}
