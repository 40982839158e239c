import type { QueryNode, TextField, TextMatch } from './ast.ts';
import { tokensWithOffsets, type TokenWithOffsets } from './tokens.ts';
import { wildcardMatcher } from './wildcard.ts';

type Range = [number, number];

/**
 * Where one text match matches among a text's tokens: [start, end) offsets into the text, in token
 * order. Compiled once for a query and used on many texts (a page of results, a tenant's folders).
 */
export type TokenMatcher = (tokens: readonly TokenWithOffsets[]) => Range[];

const rangeOf = (token: TokenWithOffsets): Range => [token.start, token.end];

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

function wordsMatcher(words: ReadonlySet<string>): TokenMatcher {
  return (tokens) => tokens.filter((t) => words.has(t.token)).map(rangeOf);
}

/**
 * Tokens starting with any of `prefixes`. Once the prefixes that a shorter one covers are left
 * out, the only one a token can start with is the greatest that is not above it, which a binary
 * search finds: the cost per token does not grow with the number of prefixes.
 */
function prefixesMatcher(prefixes: readonly string[]): TokenMatcher {
  const kept: string[] = [];
  for (const prefix of [...new Set(prefixes)].sort()) {
    const previous = kept.at(-1);
    if (previous === undefined || !prefix.startsWith(previous)) kept.push(prefix);
  }
  const startsWithOne = (token: string): boolean => {
    let [lo, hi] = [0, kept.length - 1];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((kept[mid] ?? '') <= token) lo = mid;
      else hi = mid - 1;
    }
    return token.startsWith(kept[lo] ?? '\uffff');
  };
  return (tokens) => tokens.filter((t) => startsWithOne(t.token)).map(rangeOf);
}

/**
 * A phrase's occurrences, Knuth–Morris–Pratt over tokens: a text of one repeated word never makes
 * the phrase be compared again from every position.
 */
function phraseMatcher(words: readonly string[]): TokenMatcher {
  const fallback: number[] = [0];
  for (let i = 1, k = 0; i < words.length; i += 1) {
    while (k > 0 && words[i] !== words[k]) k = fallback[k - 1] ?? 0;
    if (words[i] === words[k]) k += 1;
    fallback.push(k);
  }
  return (tokens) => {
    const ranges: Range[] = [];
    for (let i = 0, k = 0; i < tokens.length; i += 1) {
      const token = tokens[i]?.token;
      while (k > 0 && token !== words[k]) k = fallback[k - 1] ?? 0;
      if (token === words[k]) k += 1;
      if (k === words.length) {
        const first = tokens[i - k + 1];
        const last = tokens[i];
        if (first && last) ranges.push([first.start, last.end]);
        k = fallback[k - 1] ?? 0;
      }
    }
    return ranges;
  };
}

/** Where `match` matches among a text's tokens (a phrase: from its first word to its last). */
export function tokenMatcher(match: TextMatch): TokenMatcher {
  switch (match.kind) {
    case 'word':
      return wordsMatcher(new Set([match.word]));
    case 'phrase':
      return phraseMatcher(match.words);
    case 'wildcard': {
      if (match.prefix !== null) return prefixesMatcher([match.prefix]);
      const matches = wildcardMatcher(match.pattern);
      return (tokens) => tokens.filter((t) => matches(t.token)).map(rangeOf);
    }
  }
}

/**
 * The highlighter of `field` for `query`: given a text (the original, not its folded form), the
 * [start, end) ranges that the positive text leaves of `query` match, sorted, with overlapping and
 * adjacent ranges merged. A phrase is highlighted as one range from its first word to its last,
 * separators included, and only where all of its words follow each other; leaves under a NOT never
 * highlight. Words and prefixes are looked up together, so a query whose wildcards were expanded
 * into hundreds of words still costs one lookup per token.
 */
export function highlighter(query: QueryNode | null, field: TextField): (text: string) => Range[] {
  return matchesHighlighter(positiveMatches(query, field, []));
}

/** The highlighter of a list of text matches (highlighter's rules, for any text that is searched). */
export function matchesHighlighter(matches: readonly TextMatch[]): (text: string) => Range[] {
  if (matches.length === 0) return () => [];
  const words = new Set<string>();
  const prefixes: string[] = [];
  const others: TokenMatcher[] = [];
  for (const match of matches) {
    if (match.kind === 'word') words.add(match.word);
    else if (match.kind === 'wildcard' && match.prefix !== null) prefixes.push(match.prefix);
    else others.push(tokenMatcher(match));
  }
  if (words.size > 0) others.push(wordsMatcher(words));
  if (prefixes.length > 0) others.push(prefixesMatcher(prefixes));
  return (text) => {
    const tokens = tokensWithOffsets(text);
    const ranges = others.flatMap((matcher) => matcher(tokens)).sort((a, b) => a[0] - b[0]);
    const merged: Range[] = [];
    for (const [start, end] of ranges) {
      const previous = merged.at(-1);
      if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], end);
      else merged.push([start, end]);
    }
    return merged;
  };
}

/** highlighter(query, field) for one text. */
export function highlightRanges(text: string, query: QueryNode | null, field: TextField): Range[] {
  return highlighter(query, field)(text);
}
