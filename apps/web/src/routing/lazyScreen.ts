import type { ComponentType } from 'react';

/**
 * A route `lazy` loader for a screen module. When Vite's preload error was cancelled (the page is
 * reloading to pick up a new build) the import resolves to undefined: wait for the reload instead
 * of rendering an error.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => {
    const module = (await load()) as M | undefined;
    if (module === undefined) return new Promise<never>(() => undefined);
    return { Component: pick(module) };
  };
}
