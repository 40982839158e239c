import type { QueryNode, TextField, TextMatch } from './ast.ts';
import { tokensWithOffsets, type TokenWithOffsets } from './tokens.ts';

/** The text matches of `node` that find something in `field`: NOT excludes, so it never highlights. */
function positiveMatches(node: QueryNode | null, field: TextField, into: TextMatch[]): TextMatch[] {
  if (node === null) return into;
  switch (node.kind) {
    case 'text':
      if (node.field === null || node.field === field) into.push(node.match);
      break;
    case 'and':
    case 'or':
      for (const child of node.children) positiveMatches(child, field, into);
      break;
    default:
      break;
  }
  return into;
}

/** `*` is any run of characters (none included), `?` exactly one; the pattern covers the whole token. */
function wildcardRegExp(pattern: string): RegExp {
  const body = pattern.replace(/[\\^$.*+?()[\]{}|]/g, (c) => (c === '*' ? '.*' : c === '?' ? '.' : `\\${c}`));
  return new RegExp(`^${body}$`, 'u');
}

/** Where `match` matches among a text's tokens: [start, end) offsets into the text, in token order. */
export function matchRanges(match: TextMatch, tokens: readonly TokenWithOffsets[]): Array<[number, number]> {
  switch (match.kind) {
    case 'word':
      return tokens.filter((t) => t.token === match.word).map((t) => [t.start, t.end]);
    case 'wildcard': {
      const regExp = wildcardRegExp(match.pattern);
      return tokens.filter((t) => regExp.test(t.token)).map((t) => [t.start, t.end]);
    }
    case 'phrase': {
      const ranges: Array<[number, number]> = [];
      const { words } = match;
      for (let i = 0; i + words.length <= tokens.length; i += 1) {
        if (!words.every((word, k) => tokens[i + k]?.token === word)) continue;
        const first = tokens[i];
        const last = tokens[i + words.length - 1];
        if (first && last) ranges.push([first.start, last.end]);
      }
      return ranges;
    }
  }
}

/**
 * The [start, end) ranges of `text` (the original, not its folded form) that the positive text
 * leaves of `query` for `field` match, sorted, with overlapping and adjacent ranges merged. A
 * phrase is highlighted as one range from its first word to its last, separators included, and
 * only where all of its words follow each other; leaves under a NOT never highlight.
 */
export function highlightRanges(
  text: string,
  query: QueryNode | null,
  field: TextField,
): Array<[number, number]> {
  const matches = positiveMatches(query, field, []);
  if (matches.length === 0) return [];
  const tokens = tokensWithOffsets(text);
  const ranges = matches.flatMap((match) => matchRanges(match, tokens)).sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of ranges) {
    const previous = merged.at(-1);
    if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
