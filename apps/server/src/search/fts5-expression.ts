import type { QueryNode, TextField, TextMatch } from '@skald/domain';

/**
 * A text-only query node as an FTS5 MATCH expression. FTS5 knows NOT only as "a NOT b", so a node
 * is answered as the positive expression it equals (`pos`), as the negation of one (`neg`), or as
 * 'split' when it needs SQL (an OR with a negative side, or a part that is not text).
 */
export type Fts5 = { pos: string } | { neg: string } | 'split';

const COLUMN: Record<TextField, string> = {
  title: 'search_title',
  description: 'search_description',
  file: 'search_file',
};

// Tokens are letters and digits only (searchTokens), so quoting them cannot break the syntax.
const quoted = (words: readonly string[]) => `"${words.join(' ')}"`;

function leaf(match: TextMatch): string {
  switch (match.kind) {
    case 'word':
      return quoted([match.word]);
    case 'phrase':
      return quoted(match.words);
    case 'wildcard':
      // Only prefixes are left once wildcards are expanded (wildcards.ts).
      return `${quoted([match.prefix ?? match.pattern])}*`;
  }
}

const joined = (parts: string[], operator: 'AND' | 'OR') =>
  parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(` ${operator} `)})`;

export function fts5Expression(node: QueryNode): Fts5 {
  switch (node.kind) {
    case 'text': {
      const expression = leaf(node.match);
      return { pos: node.field === null ? expression : `${COLUMN[node.field]} : (${expression})` };
    }
    case 'not': {
      const inner = fts5Expression(node.child);
      if (inner === 'split') return 'split';
      return 'pos' in inner ? { neg: inner.pos } : { pos: inner.neg };
    }
    case 'and': {
      const parts = node.children.map(fts5Expression);
      const pos: string[] = [];
      const neg: string[] = [];
      for (const part of parts) {
        if (part === 'split') return 'split';
        if ('pos' in part) pos.push(part.pos);
        else neg.push(part.neg);
      }
      // NOT a AND NOT b is NOT (a OR b).
      if (pos.length === 0) return { neg: joined(neg, 'OR') };
      return {
        pos: neg.length === 0 ? joined(pos, 'AND') : `(${joined(pos, 'AND')} NOT ${joined(neg, 'OR')})`,
      };
    }
    case 'or': {
      const pos: string[] = [];
      for (const part of node.children.map(fts5Expression)) {
        // A negative side cannot be ORed in FTS5: SQL combines the parts instead.
        if (part === 'split' || !('pos' in part)) return 'split';
        pos.push(part.pos);
      }
      return { pos: joined(pos, 'OR') };
    }
    case 'type':
    case 'user':
    case 'created':
    case 'metadata':
    case 'moment':
      return 'split';
  }
}
