import type { MomentFilter, QueryNode, TextMatch } from './ast.ts';
import { matchesHighlighter } from './highlight.ts';

type Range = [number, number];

/** The kind a log event's moment is indexed under (analysis moments keep their own kind). */
export const LOG_MOMENT_KIND = 'log';

/** The moment kinds each kind filter of the query language searches (docs/SEARCH.md). */
export const MOMENT_FILTER_KINDS: Readonly<Record<MomentFilter, readonly string[]>> = {
  said: ['speech'],
  translated: ['translation'],
  text: ['text'],
  label: ['label'],
  person: ['face', 'celebrity'],
  logged: [LOG_MOMENT_KIND],
};

/** A search hit's moments: at most this many per item, best first. */
export const MOMENTS_PER_HIT = 3;
/** A moment's snippet: at most this many characters of its text, around its first match. */
export const MOMENT_SNIPPET_LENGTH = 160;

/**
 * The searchable text of a log event: its text, then its form values (strings, numbers, lists of
 * them, a tree choice's path), so a value finds the event as its text does.
 */
export function logEventMomentText(text: string, fieldValues: Readonly<Record<string, unknown>>): string {
  const values: string[] = [];
  const add = (value: unknown): void => {
    if (typeof value === 'string' || typeof value === 'number') values.push(String(value));
    else if (Array.isArray(value)) value.forEach(add);
  };
  Object.values(fieldValues).forEach(add);
  return [text, ...values.filter((v) => v.trim() !== '')].join(' · ');
}

/** The positive text matches of `query` that a moment of `kind` can match. */
function momentMatches(node: QueryNode | null, kind: string, into: TextMatch[]): TextMatch[] {
  if (node === null) return into;
  switch (node.kind) {
    case 'text':
      if (node.field === null) into.push(node.match);
      break;
    case 'moment':
      if (MOMENT_FILTER_KINDS[node.filter].includes(kind)) into.push(node.match);
      break;
    case 'and':
    case 'or':
      for (const child of node.children) momentMatches(child, kind, into);
      break;
    default:
      break;
  }
  return into;
}

/**
 * The moment kinds a query's positive parts can find: null for every kind (a plain word matches
 * any moment), else those of its kind filters.
 */
export function momentKindsOf(query: QueryNode | null): ReadonlySet<string> | null {
  const kinds = new Set<string>();
  const visit = (node: QueryNode): boolean => {
    if (node.kind === 'text') return node.field === null;
    if (node.kind === 'moment') MOMENT_FILTER_KINDS[node.filter].forEach((k) => kinds.add(k));
    // Every child is visited (no short cut), so each one's kinds are collected.
    if (node.kind === 'and' || node.kind === 'or') return node.children.map(visit).includes(true);
    return false;
  };
  return query !== null && visit(query) ? null : kinds;
}

/**
 * Whether a moment of `kind` whose folded words are `words` (its index row's: searchTokens of its
 * text, one space apart) may hold a match of `query`: false only when none of the query's words,
 * phrases (their words in a row) or prefixes of that kind is among them, so that its highlighting
 * (momentHighlighter, which tokenises the text itself) can be skipped. A page's hits read the
 * items' moments, most of which hold no match.
 */
export function momentMayMatch(query: QueryNode | null, kind: string): (words: string) => boolean {
  const needles: string[] = [];
  for (const match of momentMatches(query, kind, [])) {
    if (match.kind === 'word') needles.push(` ${match.word} `);
    else if (match.kind === 'phrase') needles.push(` ${match.words.join(' ')} `);
    else if (match.prefix !== null) needles.push(` ${match.prefix}`);
    else return () => true;
  }
  return (words) => {
    const padded = ` ${words} `;
    return needles.some((needle) => padded.includes(needle));
  };
}

/** The highlighter of a moment of `kind` for `query` (highlighter()'s rules). */
export function momentHighlighter(query: QueryNode | null, kind: string): (text: string) => Range[] {
  return matchesHighlighter(momentMatches(query, kind, []));
}

/**
 * A moment's text cut to `length` characters around its first highlighted range (with an ellipsis
 * where cut), and the ranges moved into the cut text.
 */
export function momentSnippet(
  text: string,
  ranges: readonly Range[],
  length = MOMENT_SNIPPET_LENGTH,
): { text: string; highlights: Range[] } {
  if (text.length <= length) return { text, highlights: [...ranges] };
  const first = ranges[0]?.[0] ?? 0;
  const start = Math.max(0, Math.min(first - Math.floor(length / 3), text.length - length));
  const end = start + length;
  const lead = start > 0 ? '…' : '';
  const cut = `${lead}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  const highlights = ranges
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]): Range => [s - start + lead.length, e - start + lead.length]);
  return { text: cut, highlights };
}
