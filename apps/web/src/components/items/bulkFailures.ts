import type { BulkFailure } from '../../api/items.ts';

export interface FailureGroup {
  /** The server's message, the spec's text where it has one. */
  message: string;
  titles: string[];
}

/**
 * A bulk answer's failures, one group per message ('No permission to delete items' once, with the
 * items it applies to), in the order the server listed them. Unknown ids show as themselves.
 */
export function groupFailures(
  failed: readonly BulkFailure[],
  titleOf: (id: string) => string | undefined,
): FailureGroup[] {
  const groups = new Map<string, string[]>();
  for (const failure of failed) {
    const titles = groups.get(failure.message) ?? [];
    titles.push(titleOf(failure.id) ?? failure.id);
    groups.set(failure.message, titles);
  }
  return [...groups].map(([message, titles]) => ({ message, titles }));
}

/** Names at most `max` items, then says how many more: "a, b, c (+2)". */
export function listTitles(titles: readonly string[], max = 5): { shown: string; more: number } {
  return { shown: titles.slice(0, max).join(', '), more: Math.max(0, titles.length - max) };
}
