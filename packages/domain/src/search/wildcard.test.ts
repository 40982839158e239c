import { describe, expect, it } from 'vitest';
import { wildcardMatcher } from './wildcard.ts';

/** What the patterns mean, as a regular expression (exponential for many stars, fine for short tokens). */
function reference(pattern: string, token: string): boolean {
  const body = pattern.replace(/[*?]/g, (c) => (c === '*' ? '.*' : '.'));
  return new RegExp(`^${body}$`, 'u').test(token);
}

/** Every string of `alphabet` from length 0 up to `max`. */
function strings(alphabet: string, max: number): string[] {
  const all = [''];
  for (let from = 0; all[from] !== undefined && (all[from]?.length ?? 0) < max; from += 1) {
    for (const c of alphabet) all.push(`${all[from] ?? ''}${c}`);
  }
  return all;
}

describe('wildcardMatcher', () => {
  it.each([
    ['news*', 'newsroom', true],
    ['news*', 'news', true],
    ['news*', 'new', false],
    ['*room', 'newsroom', true],
    ['n*s', 'news', true],
    ['n*s', 'newsroom', false],
    ['p?ske', 'paske', true],
    ['p?ske', 'pske', false],
    ['p?ske', 'paaske', false],
    ['?', 'a', true],
    ['?', '', false],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'acb', false],
    ['a*ab', 'aab', true],
    ['a*a', 'a', false],
    ['*a*a*', 'xaxax', true],
    ['ab*ba', 'aba', false],
    ['ab*ba', 'abba', true],
    ['*', '', true],
    ['b?r', 'b😀r', true],
    ['?😀', 'x😀', true],
    ['???', '😀😀😀', true],
    ['??', '😀', false],
    ['exact', 'exact', true],
    ['exact', 'exacter', false],
  ])('%j against %j: %s', (pattern, token, expected) => {
    expect(wildcardMatcher(pattern)(token)).toBe(expected);
  });

  it('agrees with the meaning of the patterns for every pattern and token of a small alphabet', () => {
    const tokens = strings('abc', 5);
    for (const pattern of strings('ab*?', 4).filter((p) => p !== '')) {
      const matches = wildcardMatcher(pattern);
      const disagree = tokens.filter((token) => matches(token) !== reference(pattern, token));
      expect(disagree, pattern).toEqual([]);
    }
  });

  it('answers many stars against long words that nearly match (backtracking took minutes)', () => {
    const matches = wildcardMatcher('a*a*a*a*a*a*a*a*a*a*b');
    const words = ['a'.repeat(60), 'a'.repeat(10_000), `${'a'.repeat(5_000)}c`, `${'ab'.repeat(5_000)}a`];
    expect(words.map(matches)).toEqual([false, false, false, false]);
    expect(matches(`${'a'.repeat(9_999)}b`)).toBe(true);
  });
});
