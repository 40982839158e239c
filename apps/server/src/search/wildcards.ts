import type { QueryNode } from '@skald/domain';
import { badFieldMessage } from '../plugins/errors.ts';

/**
 * The wildcards of one search may stand for at most this many of a tenant's words together: the
 * engines then search an OR of them all, and so does the highlighting of every result.
 */
export const MAX_WILDCARD_WORDS = 500;

/** The smallest string above every string that starts with `prefix` (in code point order). */
export function afterPrefix(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop() ?? '';
  return chars.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}

/** The tenant's words (search_terms) matching a pattern (`*` any run, `?` one character). */
export type WordsMatching = (pattern: string, limit: number) => Promise<string[]>;

// A query that can match nothing, and one that restricts nothing, once wildcards are expanded.
const NOTHING: QueryNode = { kind: 'or', children: [] };
const EVERYTHING: QueryNode = { kind: 'and', children: [] };
const isNothing = (n: QueryNode) => n.kind === 'or' && n.children.length === 0;
const isEverything = (n: QueryNode) => n.kind === 'and' && n.children.length === 0;

/**
 * Replaces every wildcard but a trailing `*` (which both indexes answer as a prefix) by the OR of
 * the tenant's words it matches, so both engines search the same words. A wildcard that matches
 * no word makes its part of the query match nothing. Answers 'nothing' when the whole query can
 * match nothing, and null when nothing is left to restrict by.
 */
export async function expandWildcards(
  query: QueryNode | null,
  words: WordsMatching,
): Promise<QueryNode | null | 'nothing'> {
  if (query === null) return null;
  const expanded = simplified(await expand(query, words, { left: MAX_WILDCARD_WORDS }));
  if (isNothing(expanded)) return 'nothing';
  return isEverything(expanded) ? null : expanded;
}

/** One after the other, so that each wildcard asks for no more words than the budget has left. */
async function expand(node: QueryNode, words: WordsMatching, budget: { left: number }): Promise<QueryNode> {
  switch (node.kind) {
    case 'text':
    case 'moment': {
      if (node.match.kind !== 'wildcard' || node.match.prefix !== null) return node;
      const matching = await words(node.match.pattern, budget.left + 1);
      if (matching.length > budget.left) {
        throw badFieldMessage('searchString', 'searchWildcardTooBroad', { pattern: node.match.pattern });
      }
      budget.left -= matching.length;
      return {
        kind: 'or',
        children: matching.map((word) => ({ ...node, match: { kind: 'word', word } })),
      };
    }
    case 'and':
    case 'or': {
      const children: QueryNode[] = [];
      for (const child of node.children) children.push(await expand(child, words, budget));
      return { kind: node.kind, children };
    }
    case 'not':
      return { kind: 'not', child: await expand(node.child, words, budget) };
    case 'type':
    case 'user':
    case 'created':
    case 'metadata':
      return node;
  }
}

/** Folds the empty ORs (nothing) and ANDs (everything) that expansion can leave away. */
function simplified(node: QueryNode): QueryNode {
  switch (node.kind) {
    case 'and': {
      const children = node.children.map(simplified);
      if (children.some(isNothing)) return NOTHING;
      const kept = children.filter((c) => !isEverything(c));
      return kept.length === 1 ? (kept[0] ?? EVERYTHING) : { kind: 'and', children: kept };
    }
    case 'or': {
      const children = node.children.map(simplified);
      if (children.some(isEverything)) return EVERYTHING;
      const kept = children.filter((c) => !isNothing(c));
      return kept.length === 1 ? (kept[0] ?? NOTHING) : { kind: 'or', children: kept };
    }
    case 'not': {
      const child = simplified(node.child);
      if (isNothing(child)) return EVERYTHING;
      return isEverything(child) ? NOTHING : { kind: 'not', child };
    }
    case 'text':
    case 'moment':
    case 'type':
    case 'user':
    case 'created':
    case 'metadata':
      return node;
  }
}
