import type { ComponentType } from 'react';

/**
 * Imports a lazy chunk. When Vite's preload error was cancelled (the page is reloading to pick up a
 * new build) the import resolves to undefined: wait for the reload instead of rendering an error.
 */
export async function importChunk<M>(load: () => Promise<M>): Promise<M> {
  const module = (await load()) as M | undefined;
  if (module === undefined) return new Promise<never>(() => undefined);
  return module;
}

/** A route `lazy` loader for a screen module. */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => ({ Component: pick(await importChunk(load)) });
}
