import { createContext, useContext } from 'react';

/** The concrete paths of the route table, for entries that appear once their screen exists. */
export const BuiltPathsContext = createContext<ReadonlySet<string>>(new Set());

export function useBuiltPaths(): ReadonlySet<string> {
  return useContext(BuiltPathsContext);
}
