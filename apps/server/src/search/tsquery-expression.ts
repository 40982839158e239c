import type { QueryNode, TextField, TextMatch } from '@skald/domain';

// Title words carry weight A, description words B, the file name's C (the search_vector column:
// 0004-search.ts, 0008-phrase-field-gap.ts, which keeps a phrase from joining the end of one field
// to the start of the next, and 0014-file-name-search.ts).
const WEIGHT: Record<TextField, string> = { title: 'A', description: 'B', file: 'C' };

// Tokens are letters and digits only (searchTokens), so quoting them cannot break the syntax.
function lexeme(word: string, weight: string, prefix = false): string {
  const label = `${prefix ? '*' : ''}${weight}`;
  return `'${word}'${label === '' ? '' : `:${label}`}`;
}

/** For `title_vector` (`inTitle`) words carry no weight; for search_vector their field decides. */
function leaf(match: TextMatch, field: TextField | null, inTitle: boolean): string {
  const weight = inTitle || field === null ? '' : WEIGHT[field];
  switch (match.kind) {
    case 'word':
      return lexeme(match.word, weight);
    case 'phrase':
      return `(${match.words.map((w) => lexeme(w, weight)).join(' <-> ')})`;
    case 'wildcard':
      // Only prefixes are left once wildcards are expanded (wildcards.ts).
      return lexeme(match.prefix ?? match.pattern, weight, true);
  }
}

/**
 * A text-only node as a PostgreSQL tsquery (for `to_tsquery('simple', …)`), or null for a node
 * that is not text only. With `inTitle`, the same query for `title_vector`, the titles alone
 * (callers leave out queries that name another field: mentionsOtherField).
 */
export function tsqueryOf(node: QueryNode, inTitle = false): string | null {
  switch (node.kind) {
    case 'text':
      return leaf(node.match, node.field, inTitle);
    case 'not': {
      const inner = tsqueryOf(node.child, inTitle);
      return inner === null ? null : `!${inner}`;
    }
    case 'and':
    case 'or': {
      const parts = node.children.map((c) => tsqueryOf(c, inTitle));
      if (parts.includes(null)) return null;
      return `(${parts.join(node.kind === 'and' ? ' & ' : ' | ')})`;
    }
    case 'type':
    case 'user':
    case 'created':
    case 'metadata':
    case 'moment':
      return null;
  }
}
