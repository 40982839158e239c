import { describe, expect, it } from 'vitest';
import type { QueryNode, TextField } from './ast.ts';
import { highlightRanges } from './highlight.ts';
import { parseSearchQuery } from './parse.ts';

function query(input: string): QueryNode | null {
  const result = parseSearchQuery(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.query;
}

/** The highlighted parts of `text`, so that the tables show what the user sees. */
function highlighted(text: string, search: string, field: TextField = 'title'): string[] {
  return highlightRanges(text, query(search), field).map(([start, end]) => text.slice(start, end));
}

describe('highlightRanges', () => {
  it.each([
    ['Påske i fjellet', 'paske', ['Påske']],
    ['PÅSKE og påske', 'Paske', ['PÅSKE', 'påske']],
    ['Ærø rundt', 'aero', ['Ærø']],
    ['Blåbær og bringebær', 'blabaer', ['Blåbær']],
    ['Café Økologisk', 'cafe OR okologisk', ['Café', 'Økologisk']],
    ['Cafe\u0301 au lait', 'cafe', ['Cafe\u0301']],
    ['Pa\u030aske', 'paske', ['Pa\u030aske']],
    ['Straße', 'strasse', ['Straße']],
    ['newsroom news', 'news', ['news']],
    ['newsroom news weather', 'news*', ['newsroom', 'news']],
    ['Påskenytt', 'pask*', ['Påskenytt']],
    ['paske poske piske', 'p?ske', ['paske', 'poske', 'piske']],
    ['news-room', 'ne*om', []],
    ['a.b', 'a.b', ['a.b']],
    ['fine day', 'Fine', ['fine']],
    ['ﬁne day', 'fine', ['ﬁne']],
  ])('in %j, %j highlights %j', (text, search, expected) => {
    expect(highlighted(text, search)).toEqual(expected);
  });

  it.each([
    ['Ærø Påske', 'aero', [[0, 3]]],
    ['Ærø Påske', 'paske', [[4, 9]]],
    [
      'Crème brûlée à Ærø',
      'creme brulee aero',
      [
        [0, 5],
        [6, 12],
        [15, 18],
      ],
    ],
    ['Cafe\u0301 au lait', 'au', [[6, 8]]],
    [
      'e\u0301e\u0301 É',
      'ee OR e',
      [
        [0, 4],
        [5, 6],
      ],
    ],
    ['😀 smile', 'smile', [[3, 8]]],
  ])('in %j, %j answers offsets %j of the original text', (text, search, expected) => {
    expect(highlightRanges(text, query(search), 'title')).toEqual(expected);
  });

  describe('phrases', () => {
    it.each([
      ['the Påske Øl is here', '"paske ol"', ['Påske Øl']],
      ['Påske, øl!', '"paske ol"', ['Påske, øl']],
      ['øl og påske', '"paske ol"', []],
      ['påske og øl', '"paske ol"', []],
      ['foo-bar and foo bar', 'foo-bar', ['foo-bar', 'foo bar']],
      ['a b a b', '"a b"', ['a b', 'a b']],
      ['a a a', '"a a"', ['a a a']],
      ['a b c', '"a b" "b c"', ['a b c']],
      ['a a a b', '"a a b"', ['a a b']],
      ['a b a b a c', '"a b a c"', ['a b a c']],
      ['a b a b a', '"a b a"', ['a b a b a']],
    ])('in %j, %j highlights %j (one range per occurrence)', (text, search, expected) => {
      expect(highlighted(text, search)).toEqual(expected);
    });
  });

  describe('which leaves highlight', () => {
    it.each([
      ['a NOT-ed word', 'Påske i fjellet', 'fjellet -paske', ['fjellet']],
      ['a word under NOT (…)', 'Påske i fjellet', 'NOT (paske OR fjellet)', []],
      ['only NOT parts', 'Påske i fjellet', '-paske', []],
      ['both sides of OR', 'sun and rain', 'sun OR rain', ['sun', 'rain']],
      ['a word the text lacks', 'sun and rain', 'sun snow', ['sun']],
      ['filters', 'video of anna', 'type:video owner:anna', []],
      ['a title: leaf in the title', 'news today', 'title:news', ['news']],
      ['a description: leaf in the title', 'news today', 'description:news today', ['today']],
      ['nothing', 'news today', '', []],
    ])('%s: in %j, %j highlights %j in the title', (_, text, search, expected) => {
      expect(highlighted(text, search, 'title')).toEqual(expected);
    });

    it.each([
      ['a description: leaf', 'description:news', ['news']],
      ['a title: leaf', 'title:news', []],
      ['an unfielded leaf', 'news', ['news']],
    ])('%s highlights %j in the description', (_, search, expected) => {
      expect(highlighted('news today', search, 'description')).toEqual(expected);
    });
  });

  describe('prefixes', () => {
    it.each([
      ['news newsroom new', 'news* new*', ['news', 'newsroom', 'new']],
      ['newsroom nest', 'news* ne*', ['newsroom', 'nest']],
      ['newsroom nest', 'newsr* nes*', ['newsroom', 'nest']],
      ['newsroom nest', 'newsx* nesx*', []],
      ['abc abd b', 'abc* b*', ['abc', 'b']],
      ['ab0 ab1', 'a* ab0*', ['ab0', 'ab1']],
    ])('in %j, %j highlights %j', (text, search, expected) => {
      expect(highlighted(text, search)).toEqual(expected);
    });
  });

  it('looks up hundreds of words as one set (an expanded wildcard)', () => {
    const words = Array.from({ length: 500 }, (_, i) => `w${i}`);
    const expanded: QueryNode = {
      kind: 'or',
      children: words.map((word) => ({
        kind: 'text',
        match: { kind: 'word', word },
        field: null,
        span: { start: 0, end: 1 },
      })),
    };
    expect(highlightRanges('w1 x w499 w500', expanded, 'title')).toEqual([
      [0, 2],
      [5, 9],
    ]);
  });

  describe('merging', () => {
    it.each([
      ['overlapping leaves', 'newsroom', 'news* newsroom', [[0, 8]]],
      ['a word inside a phrase', 'big news today', '"big news" news', [[0, 8]]],
      ['adjacent tokens of one character that folds into two tokens', 'a½b', 'a1 OR 2b', [[0, 3]]],
      [
        'separate words',
        'big news today',
        'big today',
        [
          [0, 3],
          [9, 14],
        ],
      ],
      [
        'matches given out of order',
        'one two three',
        'three OR one OR two',
        [
          [0, 3],
          [4, 7],
          [8, 13],
        ],
      ],
    ])('merges %s: in %j, %j gives %j', (_, text, search, expected) => {
      expect(highlightRanges(text, query(search), 'title')).toEqual(expected);
    });
  });
});
