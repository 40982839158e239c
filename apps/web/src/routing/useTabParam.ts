import { useSearchParams } from 'react-router';

/**
 * A tabbed page's `?tab=` and the Tabs' onChange: choosing a tab replaces the history entry, so Back
 * leaves the page rather than stepping through its tabs.
 */
export function useTabParam(): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const select = (value: string | null) => {
    if (!value) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };
  return [params.get('tab'), select];
}
