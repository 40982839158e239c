import { Navigate, useLocation } from 'react-router';
import { redirectTarget } from './redirects.ts';
import { PATHS } from './paths.ts';

/** Renders the spec's redirects (see redirects.ts), keeping the query string and hash. */
export function RedirectRoute() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={redirectTarget(pathname, search, hash) ?? PATHS.searchItem} replace />;
}
