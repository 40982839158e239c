import { describe, expect, it } from 'vitest';
import { wildcardMatcher } from './wildcard.ts';

/** What the patterns mean, as a regular expression (exponential for many stars, fine for short tokens). */
function reference(pattern: string, token: string): boolean {
  const body = pattern.replace(/[*?]/g, (c) => (c === '*' ? '.*' : '.'));
  return new RegExp(`^${body}$`, 'u').test(token);
}

/** A small seeded PRNG (mulberry32), so that a failure names a case that can be run again. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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

  it('agrees with the meaning of the patterns on 20,000 random cases', () => {
    const random = prng(20260612);
    const pick = (chars: string) => chars.charAt(Math.floor(random() * chars.length));
    for (let i = 0; i < 20_000; i += 1) {
      const pattern = Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick('ab*?')).join('');
      const token = Array.from({ length: Math.floor(random() * 10) }, () => pick('abc')).join('');
      expect(wildcardMatcher(pattern)(token), `${pattern} against ${token}`).toBe(reference(pattern, token));
    }
  });

  it('answers many stars against long words that nearly match (backtracking took minutes)', () => {
    const matches = wildcardMatcher('a*a*a*a*a*a*a*a*a*a*b');
    const words = ['a'.repeat(60), 'a'.repeat(10_000), `${'a'.repeat(5_000)}c`, `${'ab'.repeat(5_000)}a`];
    expect(words.map(matches)).toEqual([false, false, false, false]);
    expect(matches(`${'a'.repeat(9_999)}b`)).toBe(true);
  });
});
