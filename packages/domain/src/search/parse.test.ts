import { describe, expect, it } from 'vitest';
import { ITEM_TYPES } from '../items/item-types.ts';
import { formatMessage } from '../messages.ts';
import type { QueryNode } from './ast.ts';
import { SEARCH_SYNTAX_MESSAGES, type SearchSyntaxCode } from './messages.ts';
import { MAX_SEARCH_LEAVES, MAX_SEARCH_NESTING, MAX_WORD_WILDCARDS, parseSearchQuery } from './parse.ts';

/** A compact spelling of a query tree, so that the tables read like the syntax they test. */
function show(node: QueryNode | null): string {
  if (node === null) return 'nothing';
  switch (node.kind) {
    case 'text': {
      const field = node.field ? `${node.field}:` : '';
      const { match } = node;
      if (match.kind === 'word') return field + match.word;
      if (match.kind === 'phrase') return `${field}"${match.words.join(' ')}"`;
      return field + match.pattern;
    }
    case 'type':
      return `type:${node.itemType}`;
    case 'user':
      return `${node.role}:${node.value}`;
    case 'created':
      return `created${node.op}${node.date}`;
    case 'metadata': {
      const { match } = node;
      if (match.kind === 'date') return `${node.fieldId}${match.op}${match.date}`;
      if (match.kind === 'dates') return match.bounds.map((b) => `${node.fieldId}${b.op}${b.date}`).join(' ');
      return show({ kind: 'text', match, field: null, span: node.span }).replace(/^/, `${node.fieldId}:`);
    }
    case 'moment':
      return show({ kind: 'text', match: node.match, field: null, span: node.span }).replace(
        /^/,
        `${node.filter}:`,
      );
    case 'not':
      return `not(${show(node.child)})`;
    case 'and':
    case 'or':
      return `${node.kind}(${node.children.map(show).join(', ')})`;
  }
}

function parsed(input: string, metadataFields?: ReadonlySet<string>): QueryNode | null {
  const result = parseSearchQuery(input, metadataFields ? { metadataFields } : {});
  if (!result.ok) throw new Error(`${input}: ${result.error.message} at ${result.error.position}`);
  return result.query;
}

describe('parseSearchQuery', () => {
  describe('words and phrases', () => {
    it.each([
      ['paske', 'paske'],
      ['Påske', 'paske'],
      ['ÆRØ', 'aero'],
      ['"exact phrase"', '"exact phrase"'],
      ['"Påske Øl"', '"paske ol"'],
      ['"single"', 'single'],
      ['foo-bar', '"foo bar"'],
      ['kl 12:30', 'and(kl, "12 30")'],
      ['unknown:field', '"unknown field"'],
      ['a and b', 'and(a, and, b)'],
      ['a or b', 'and(a, or, b)'],
      ['Not a', 'and(not, a)'],
      ['— news', 'news'],
      ['a - b', 'and(a, b)'],
      ['27" screen', 'and(27, screen)'],
      ['"a b"c', 'and("a b", c)'],
    ])('reads %j as %s', (input, expected) => {
      expect(show(parsed(input))).toBe(expected);
    });

    it.each([[''], ['   '], ['\t\n'], ['—'], ['""'], ['"  "'], ['( — )']])(
      'answers no query and no warning for %j',
      (input) => {
        expect(parseSearchQuery(input)).toEqual({ ok: true, query: null, warnings: [] });
      },
    );
  });

  describe('operators and precedence', () => {
    it.each([
      ['a b', 'and(a, b)'],
      ['a AND b', 'and(a, b)'],
      ['+a +b', 'and(a, b)'],
      ['a OR b', 'or(a, b)'],
      ['NOT a', 'not(a)'],
      ['-a', 'not(a)'],
      ['-a b', 'and(not(a), b)'],
      ['-a -b', 'and(not(a), not(b))'],
      ['a -b', 'and(a, not(b))'],
      ['a OR b c', 'or(a, and(b, c))'],
      ['a b OR c', 'or(and(a, b), c)'],
      ['a AND b OR c AND d', 'or(and(a, b), and(c, d))'],
      ['NOT a b', 'and(not(a), b)'],
      ['NOT a OR b', 'or(not(a), b)'],
      ['NOT (a OR b)', 'not(or(a, b))'],
      ['-(a OR b)', 'not(or(a, b))'],
      ['(a OR b) c', 'and(or(a, b), c)'],
      ['((a OR b) AND (c OR (d e)))', 'and(or(a, b), or(c, and(d, e)))'],
      ['(((a)))', 'a'],
      ['a (b c) d', 'and(a, b, c, d)'],
      ['a OR (b OR c)', 'or(a, b, c)'],
      ['NOT NOT a', 'not(not(a))'],
      ['-"a b" c', 'and(not("a b"), c)'],
      ['+"a b"', '"a b"'],
      ['--a', 'not(a)'],
      ['+AND', 'and'],
      ['-NOT', 'not(not)'],
      ['NOT(a)OR(b)', 'or(not(a), b)'],
      ['a AND —', 'a'],
      ['NOT —', 'nothing'],
    ])('reads %j as %s', (input, expected) => {
      expect(show(parsed(input))).toBe(expected);
    });
  });

  describe('wildcards', () => {
    it.each([
      ['news*', 'news*', 'news'],
      ['NEWS*', 'news*', 'news'],
      ['Påsk*', 'pask*', 'pask'],
      ['new**', 'new*', 'new'],
      ['*news', '*news', null],
      ['ne*s', 'ne*s', null],
      ['p?ske', 'p?ske', null],
      ['news?', 'news?', null],
      ['new?*', 'new?*', null],
      ['a*b*', 'a*b*', null],
    ])('reads %j as the pattern %j with prefix %j', (input, pattern, prefix) => {
      expect(parsed(input)).toMatchObject({ kind: 'text', match: { kind: 'wildcard', pattern, prefix } });
    });

    it.each([
      ['new?-pap*', 'and(new?, pap*)'],
      ['foo-bar*', 'and(foo, bar*)'],
      ['title:foo-ba?', 'and(title:foo, title:ba?)'],
      ['"news*"', 'news'],
    ])('reads %j as %s', (input, expected) => {
      expect(show(parsed(input))).toBe(expected);
    });
  });

  describe('fields', () => {
    it.each([
      ['title:paske', 'title:paske'],
      ['TITLE:Påske', 'title:paske'],
      ['title:"a phrase"', 'title:"a phrase"'],
      ['title:foo-bar', 'title:"foo bar"'],
      ['description:word*', 'description:word*'],
      ['Description:"Ærø"', 'description:aero'],
      ['type:video', 'type:video'],
      ['type:Video', 'type:video'],
      ['TYPE:LIVE', 'type:live'],
      ['type:"audio"', 'type:audio'],
      ['owner:Anna', 'owner:anna'],
      ['owner:Åsa', 'owner:asa'],
      ['createdBy:anna@demo.test', 'createdBy:anna@demo.test'],
      ['createdby:Anna@Demo.TEST', 'createdBy:anna@demo.test'],
      ['CREATEDBY:"Anna Berg"', 'createdBy:anna berg'],
      ['created:2026-02-14', 'created=2026-02-14'],
      ['created:>2026-01-01', 'created>2026-01-01'],
      ['created:>=2026-01-01', 'created>=2026-01-01'],
      ['created:<2026-03-31', 'created<2026-03-31'],
      ['created:<=2026-03-31', 'created<=2026-03-31'],
      ['created:=2026-03-31', 'created=2026-03-31'],
      ['created:2024-02-29', 'created=2024-02-29'],
      ['created:2000-02-29', 'created=2000-02-29'],
      ['title:a -type:folder', 'and(title:a, not(type:folder))'],
      ['(type:video OR type:audio) owner:anna', 'and(or(type:video, type:audio), owner:anna)'],
      ['title:"a b"c', 'and(title:"a b", c)'],
      ['title:x)', 'error'],
    ])('reads %j as %s', (input, expected) => {
      const result = parseSearchQuery(input);
      expect(result.ok ? show(result.query) : 'error').toBe(expected);
    });
  });

  describe('metadata form fields', () => {
    const fields = new Set(['embargo', 'category', 'approved', 'place2']);
    it.each([
      ['category:sport', 'category:sport'],
      ['Category:Sport', 'category:sport'],
      ['category:"breaking news"', 'category:"breaking news"'],
      ['category:breaking-news', 'category:"breaking news"'],
      ['category:spo*', 'category:spo*'],
      ['approved:true', 'approved:true'],
      ['embargo:2026-12-01', 'embargo=2026-12-01'],
      ['embargo:<2026-12-01', 'embargo<2026-12-01'],
      ['embargo:>=2026-01-01 embargo:<2027-01-01', 'and(embargo>=2026-01-01, embargo<2027-01-01)'],
      ['embargo:"<=2026-12-01"', 'embargo<=2026-12-01'],
      ['place2:oslo -category:sport', 'and(place2:oslo, not(category:sport))'],
      ['unknown:sport', '"unknown sport"'],
      ['title:x', 'title:x'],
    ])('reads %j as %s', (input, expected) => {
      expect(show(parsed(input, fields))).toBe(expected);
    });

    it('leaves a field name it was not given as ordinary text', () => {
      expect(show(parsed('category:sport'))).toBe('"category sport"');
    });

    it('refuses a date that is not in the calendar', () => {
      const result = parseSearchQuery('embargo:<2026-02-30', { metadataFields: fields });
      expect(result).toMatchObject({ ok: false, error: { code: 'searchNotADate', position: 8 } });
    });
  });

  describe('spans', () => {
    it.each([
      ['paske', { start: 0, end: 5 }],
      ['  "a b"  ', { start: 2, end: 7 }],
      ['-news', { start: 1, end: 5 }],
      ['+title:"a b"', { start: 1, end: 12 }],
      ['(type:video)', { start: 1, end: 11 }],
      ['x created:>2026-01-01', { start: 2, end: 21 }],
    ])('gives the last leaf of %j the span of what was typed, %j', (input, span) => {
      const query = parsed(input);
      const leaf =
        query?.kind === 'and' ? query.children.at(-1) : query?.kind === 'not' ? query.child : query;
      expect(leaf).toMatchObject({ span });
    });
  });

  describe('errors', () => {
    it.each([
      ['an unclosed quote', '"abc', 0],
      ['an unclosed quote after a phrase', '"a" "b', 4],
      ['an unclosed quote in a field', 'title:"abc', 6],
      ['an unclosed parenthesis', '(a OR b', 0],
      ['the outer of two unclosed parentheses', 'x ((a) b', 2],
      ['a stray closing parenthesis', 'a) b', 1],
      ['a closing parenthesis first', ')', 0],
      ['a second closing parenthesis', '(a))', 3],
      ['empty parentheses', 'a ()', 2],
      ['AND without a right operand', 'news AND', 5],
      ['AND without a left operand', 'AND news', 0],
      ['OR without a right operand', 'news OR', 5],
      ['OR without a left operand', 'OR news', 0],
      ['NOT alone', 'NOT', 0],
      ['NOT at the end', 'a NOT', 2],
      ['an operator before a closing parenthesis', '(a OR) b', 3],
      ['two operators in a row', 'a AND OR b', 2],
      ['OR at the start of a group', '(OR a)', 1],
      ['an empty title', 'title:', 0],
      ['an empty description before a word', 'x description: y', 2],
      ['an empty quoted title', 'title:""', 0],
      ['an empty owner', 'owner:', 0],
      ['an empty type', 'type:', 0],
      ['an empty created', 'created:', 0],
      ['an unknown item type', 'type:clip', 5],
      ['an unknown quoted item type', 'type:"clip"', 6],
      ['a wildcard item type', 'a type:vid*', 7],
      ['a date that is not a calendar date', 'created:2026-02-30', 8],
      ['a 29 February outside a leap year', 'created:1900-02-29', 8],
      ['a month 13', 'created:>2026-13-01', 8],
      ['a date in another format', 'created:14.02.2026', 8],
      ['a date with a bad operator', 'created:>>2026-01-01', 8],
      ['a lone star', '*', 0],
      ['two question marks', '??', 0],
      ['a lone star after a word', 'news *', 5],
      ['a star after a separator', 'foo-*', 4],
      ['a wildcard-only title', 'title:*', 6],
      ['a negated lone star', '-*', 1],
    ])('rejects %s (%j) at position %i', (_, input, position) => {
      const result = parseSearchQuery(input);
      expect(result).toMatchObject({ ok: false, error: { position } });
      expect(result.ok ? '' : result.error.message).toMatch(/^\S.{10,}$/);
    });

    it.each([
      ['"abc', 'This quote is never closed'],
      ['(a', 'This "(" is never closed'],
      ['a)', 'This ")" has no matching "("'],
      ['()', 'There is nothing between these parentheses'],
      ['news AND', 'AND needs a search term after it'],
      ['OR news', 'OR needs a search term before it'],
      ['NOT', 'NOT needs a search term after it'],
      ['title:', 'title: needs a value right after the colon'],
      ['createdBy:', 'createdBy: needs a value right after the colon'],
      [
        'type:clip',
        '"clip" is not an item type; use one of video, audio, image, file, sequence, folder, person, live',
      ],
      ['created:2026-02-30', '2026-02-30 is not a date in the calendar'],
      ['created:yesterday', 'created: needs a date written YYYY-MM-DD, optionally after >, >=, < or <='],
      ['*', 'A wildcard needs at least one letter or digit with it'],
    ])('explains %j as %j', (input, message) => {
      const result = parseSearchQuery(input);
      expect(result.ok ? null : result.error.message).toBe(message);
    });

    it.each([
      ['"abc', 'searchQuoteNotClosed', {}, 0],
      ['a (b', 'searchParenthesisNotClosed', {}, 2],
      ['a ) b', 'searchUnmatchedParenthesis', {}, 2],
      ['a ()', 'searchEmptyParentheses', {}, 2],
      ['news AND', 'searchNeedsTermAfter', { operator: 'AND' }, 5],
      ['x OR', 'searchNeedsTermAfter', { operator: 'OR' }, 2],
      ['OR news', 'searchNeedsTermBefore', { operator: 'OR' }, 0],
      ['a Title:', 'searchFieldNeedsValue', { field: 'Title:' }, 2],
      ['a type:"Clip"', 'searchUnknownItemType', { value: 'Clip', types: ITEM_TYPES.join(', ') }, 8],
      ['created:yesterday', 'searchCreatedNeedsDate', {}, 8],
      ['created:>2026-02-30', 'searchNotADate', { date: '2026-02-30' }, 8],
      ['news *', 'searchWildcardNeedsLetter', {}, 5],
      ['NOT '.repeat(MAX_SEARCH_NESTING + 1) + 'a', 'searchNestedTooDeeply', {}, 4 * MAX_SEARCH_NESTING],
      ['news a*a*a*a*a*a*a*a*a*a*b', 'searchTooManyWildcards', { max: MAX_WORD_WILDCARDS }, 5],
      ['x title:a?b?c?d?e?f?g?h?i*', 'searchTooManyWildcards', { max: MAX_WORD_WILDCARDS }, 8],
      ['ok-a*b*c*d*e*f*g*h*i*j', 'searchTooManyWildcards', { max: MAX_WORD_WILDCARDS }, 3],
    ])('gives %j the code %s with its values and position', (input, code, params, position) => {
      const result = parseSearchQuery(input);
      expect(result).toEqual({
        ok: false,
        error: {
          code,
          params,
          message: formatMessage(SEARCH_SYNTAX_MESSAGES[code as SearchSyntaxCode], params),
          position,
        },
      });
    });

    const words = (count: number): string => Array.from({ length: count }, (_, i) => `w${i}`).join(' ');

    it.each([
      ['64 words', words(MAX_SEARCH_LEAVES)],
      ['64 words and punctuation that folds to nothing', `${words(MAX_SEARCH_LEAVES)} — — —`],
    ])('accepts %s', (_, input) => {
      expect(parseSearchQuery(input).ok).toBe(true);
    });

    it.each([
      ['65 words', words(MAX_SEARCH_LEAVES + 1), words(MAX_SEARCH_LEAVES).length + 1],
      [
        '64 words and a filter',
        `${words(MAX_SEARCH_LEAVES)} type:video`,
        words(MAX_SEARCH_LEAVES).length + 1,
      ],
      ['32 wildcard words of two parts and one more word', `${'a-b* '.repeat(32)}c`, 32 * 5],
      [
        '65 words in groups',
        `(${words(40)}) OR (${words(25)})`,
        1 + words(40).length + 6 + words(24).length + 1,
      ],
    ])('rejects %s, more than 64 leaves, at the 65th leaf', (_, input, position) => {
      expect(parseSearchQuery(input)).toEqual({
        ok: false,
        error: {
          code: 'searchTooManyTerms',
          params: { max: MAX_SEARCH_LEAVES },
          message: 'A search can hold at most 64 words and filters',
          position,
        },
      });
    });

    it.each([
      ['parentheses', '('.repeat(MAX_SEARCH_NESTING + 1) + 'a' + ')'.repeat(MAX_SEARCH_NESTING + 1)],
      ['NOTs', 'NOT '.repeat(MAX_SEARCH_NESTING + 1) + 'a'],
      [
        'minus signs before parentheses',
        '-('.repeat(MAX_SEARCH_NESTING) + 'a' + ')'.repeat(MAX_SEARCH_NESTING),
      ],
    ])('rejects %s nested too deeply instead of exhausting the stack', (_, input) => {
      expect(parseSearchQuery(input)).toMatchObject({ ok: false, error: { message: /too deeply/ } });
    });

    it.each([
      ['eight wildcards in a word', 'a*b*c*d?e?f?g*h*'],
      ['stars in a row counting as one', 'a**b**c**d**e**f**g**h**i'],
      ['eight wildcards in each of two words', 'a*b*c*d*e*f*g*h* a?b?c?d?e?f?g?h?'],
    ])('accepts %s', (_, input) => {
      expect(parseSearchQuery(input).ok).toBe(true);
    });

    it.each([
      ['parentheses', '('.repeat(MAX_SEARCH_NESTING - 1) + 'a' + ')'.repeat(MAX_SEARCH_NESTING - 1)],
      ['NOTs', 'NOT '.repeat(MAX_SEARCH_NESTING - 1) + 'a'],
    ])('accepts %s nested up to the limit', (_, input) => {
      expect(parseSearchQuery(input).ok).toBe(true);
    });
  });

  describe('the wildcards-with-operators warning (spec §5)', () => {
    it.each([
      ['news* AND weather'],
      ['news* OR weather'],
      ['NOT news*'],
      ['news* -weather'],
      ['+news* weather'],
      ['(news*)'],
      ['a OR p?ske'],
      ['title:news* OR b'],
      ['news* a* OR b'],
    ])('warns once for %j', (input) => {
      expect(parseSearchQuery(input)).toMatchObject({
        ok: true,
        warnings: [{ code: 'wildcardsWithOperators' }],
      });
    });

    it.each([
      ['news*'],
      ['p?ske'],
      ['news* weather'],
      ['title:news* type:video'],
      ['a AND b'],
      ['NOT a'],
      ['(a OR b) -c'],
      ['"news*" AND b'],
      ['news and weather*'],
      ['a - b*'],
    ])('does not warn for %j', (input) => {
      expect(parseSearchQuery(input)).toMatchObject({ ok: true, warnings: [] });
    });
  });
});
