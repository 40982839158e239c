import { describe, expect, it } from 'vitest';
import { searchTokens, tokensWithOffsets } from './tokens.ts';

describe('searchTokens', () => {
  it.each([
    ['Påske', ['paske']],
    ['Ærø', ['aero']],
    ['Ærø-Påske 2026!', ['aero', 'paske', '2026']],
    ['foo-bar', ['foo', 'bar']],
    ['kl 12:30', ['kl', '12', '30']],
    ['Straße in Łódź', ['strasse', 'in', 'lodz']],
    ["don't", ['don', 't']],
    ['news_room', ['news', 'room']],
    ['東京 2026', ['東京', '2026']],
    ['½', ['1', '2']],
    ['—', []],
    ['', []],
    ['   ', []],
    [' -- a  --  b -- ', ['a', 'b']],
  ])('splits %j into %j', (text, expected) => {
    expect(searchTokens(text)).toEqual(expected);
  });

  it('finds "Påske" from "paske"', () => {
    expect(searchTokens('Påske')).toEqual(searchTokens('paske'));
  });
});

describe('tokensWithOffsets', () => {
  it.each([
    ['Ærø', [['aero', 0, 3]]],
    [
      'Ærø Påske',
      [
        ['aero', 0, 3],
        ['paske', 4, 9],
      ],
    ],
    // "e" + U+0301: the mark belongs to the token it follows.
    [
      'Cafe\u0301 au lait',
      [
        ['cafe', 0, 5],
        ['au', 6, 8],
        ['lait', 9, 13],
      ],
    ],
    ['Pa\u030aske!', [['paske', 0, 6]]],
    ['Straße', [['strasse', 0, 6]]],
    ['ﬁne', [['fine', 0, 3]]],
    [
      'a½b',
      [
        ['a1', 0, 2],
        ['2b', 1, 3],
      ],
    ],
    ['(Élan)', [['elan', 1, 5]]],
    ['😀 smile', [['smile', 3, 8]]],
    ['  ', []],
  ])('maps the tokens of %j back to the original text', (text, expected) => {
    expect(tokensWithOffsets(text).map((t) => [t.token, t.start, t.end])).toEqual(expected);
  });

  it.each([
    'Ærø-Påske 2026!',
    'Cafe\u0301 au lait, crème brûlée',
    'ΟΔΟΣ οδός Σίσυφος',
    'İstanbul ½ ﬁne Ｗｉｄｅ 東京',
    'Guðrún Þór Łódź Straße cœur',
    '\u0301leading mark',
  ])('gives the same tokens as searchTokens for %j', (text) => {
    expect(tokensWithOffsets(text).map((t) => t.token)).toEqual(searchTokens(text));
  });
});
