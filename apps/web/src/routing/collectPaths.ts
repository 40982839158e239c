interface RouteLike {
  path?: string;
  index?: boolean;
  children?: RouteLike[];
}

function join(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  return `${base}${path}`;
}

/** Every concrete path of a route table (absolute, without splats), e.g. to know whether /admin exists. */
export function collectPaths(routes: readonly RouteLike[], parent = '/'): Set<string> {
  const paths = new Set<string>();
  for (const route of routes) {
    const here = route.path === undefined ? parent : join(parent, route.path);
    if (route.index || (route.path !== undefined && !route.path.includes('*'))) paths.add(here);
    if (route.children) for (const child of collectPaths(route.children, here)) paths.add(child);
  }
  return paths;
}
