import { isRefineSelectionAllowed } from '@skald/domain';
import type { SearchState } from './searchState.ts';

/**
 * Refine selection: the search narrowed to the selected items, in the order they were selected in
 * the list. Null when there are more than the spec §5 limit allows (at most 32), or none.
 */
export function refineTo(state: SearchState, selected: readonly string[]): SearchState | null {
  if (selected.length === 0 || !isRefineSelectionAllowed(selected.length)) return null;
  return { ...state, refine: [...selected] };
}
