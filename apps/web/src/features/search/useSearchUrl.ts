import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { NO_FILTERS, readSearchState, writeSearchState, type SearchState } from './searchState.ts';

/**
 * How a change reaches the history: `push` for a new search (Enter, a filter, an order, a refine),
 * `replace` for what only changes its look (the view), `typing` for the search box as it is typed
 * in: the first change pushes, the next ones replace that entry, so Back returns to the search
 * before the typing rather than through every letter.
 */
export type HistoryMode = 'push' | 'replace' | 'typing';

interface TypingMark {
  searchTyping: true;
}

const isTyping = (state: unknown): state is TypingMark =>
  typeof state === 'object' && state !== null && 'searchTyping' in state;

/**
 * The search the URL holds (without filters for users who have no filter sidebar), and a way to
 * change it. A change applies to the URL as it is when the change is made, not as it was when the
 * screen last drew: two quick changes (a search, then the view) both take effect.
 */
export function useSearchUrl(
  mayFilter: boolean,
): [SearchState, (change: (current: SearchState) => SearchState, mode: HistoryMode) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const query = params.toString();
  const read = useCallback(
    (search: string) => {
      const state = readSearchState(new URLSearchParams(search));
      return mayFilter ? state : { ...state, filters: NO_FILTERS };
    },
    [mayFilter],
  );
  const state = useMemo(() => read(query), [read, query]);

  const update = (change: (current: SearchState) => SearchState, mode: HistoryMode) => {
    const current = read(window.location.search);
    const written = writeSearchState(change(current));
    const typing = mode === 'typing';
    if (written.toString() === writeSearchState(current).toString()) {
      // Enter on what was typed settles it: the next typing starts an entry of its own.
      if (mode === 'push' && isTyping(location.state)) setParams(written, { replace: true, state: null });
      return;
    }
    setParams(written, {
      replace: mode === 'replace' || (typing && isTyping(location.state)),
      state: typing ? ({ searchTyping: true } satisfies TypingMark) : null,
    });
  };
  return [state, update];
}
