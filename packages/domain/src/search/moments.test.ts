import { describe, expect, it } from 'vitest';
import {
  logEventMomentText,
  momentHighlighter,
  momentKindsOf,
  momentMayMatch,
  momentSnippet,
} from './moments.ts';
import { searchTokens } from './tokens.ts';
import { parseSearchQuery } from './parse.ts';

const query = (input: string) => {
  const parsed = parseSearchQuery(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.query;
};

describe('moment kind filters', () => {
  it('parse said:, translated:, text:, label:, person: and logged: as moment leaves, any case', () => {
    expect(query('said:budsjett')).toMatchObject({
      kind: 'moment',
      filter: 'said',
      match: { kind: 'word', word: 'budsjett' },
    });
    expect(query('TEXT:Stortinget')).toMatchObject({
      kind: 'moment',
      filter: 'text',
      match: { word: 'stortinget' },
    });
    expect(query('person:"Ada Lovelace"')).toMatchObject({
      kind: 'moment',
      filter: 'person',
      match: { kind: 'phrase', words: ['ada', 'lovelace'] },
    });
    expect(query('label:ca*')).toMatchObject({
      kind: 'moment',
      filter: 'label',
      match: { kind: 'wildcard', prefix: 'ca' },
    });
    expect(query('translated:kommune')).toMatchObject({ kind: 'moment', filter: 'translated' });
    expect(query('logged:mål')).toMatchObject({ kind: 'moment', filter: 'logged', match: { word: 'mal' } });
  });

  it('win over a metadata field of the same id, and need a value', () => {
    expect(parseSearchQuery('label:car', { metadataFields: new Set(['label']) })).toMatchObject({
      ok: true,
      query: { kind: 'moment', filter: 'label' },
    });
    expect(parseSearchQuery('said:')).toMatchObject({ ok: false, error: { code: 'searchFieldNeedsValue' } });
  });

  it('name the kinds a query can find: every kind for a plain word, else its filters’', () => {
    expect(momentKindsOf(query('budsjett'))).toBeNull();
    expect([...(momentKindsOf(query('title:x said:a OR person:b')) ?? [])]).toEqual([
      'speech',
      'face',
      'celebrity',
    ]);
    expect(momentKindsOf(query('title:x -said:a'))?.size).toBe(0);
  });
});

describe('moment highlights and snippets', () => {
  it('mark plain words in any kind and a kind filter’s words in its own kind only', () => {
    const q = query('budsjett text:stortinget');
    expect(momentHighlighter(q, 'speech')('Budsjett på Stortinget')).toEqual([[0, 8]]);
    expect(momentHighlighter(q, 'text')('Budsjett på Stortinget')).toEqual([
      [0, 8],
      [12, 22],
    ]);
  });

  it('are looked for only in moments whose words may hold a match, which every highlighted one does', () => {
    const texts = [
      'Budsjett på Stortinget',
      'Budsjettet er lagt fram',
      'Det store budsjettet',
      'Ingenting her',
    ];
    for (const input of [
      'budsjett',
      'text:stortinget',
      'said:budsj*',
      '"lagt fram"',
      'said:"store budsjettet"',
      'budsjett said:"lagt fram"',
      'fram -budsjett',
    ]) {
      for (const kind of ['speech', 'text']) {
        const mayMatch = momentMayMatch(query(input), kind);
        const highlight = momentHighlighter(query(input), kind);
        for (const text of texts) {
          if (highlight(text).length > 0) expect(mayMatch(searchTokens(text).join(' '))).toBe(true);
        }
      }
    }
    const mayMatch = momentMayMatch(query('said:"lagt fram" budsj*'), 'speech');
    expect(mayMatch('budsjettet er lagt fram')).toBe(true);
    expect(mayMatch('fram lagt')).toBe(false);
    expect(mayMatch('ingenting her')).toBe(false);
    expect(momentMayMatch(query('text:stortinget'), 'speech')('stortinget')).toBe(false);
  });

  it('cut a long text around its first match, the ranges moved along', () => {
    const text = `${'a '.repeat(100)}budsjett ${'b '.repeat(100)}`;
    const { text: cut, highlights } = momentSnippet(text, [[200, 208]], 60);
    expect(cut.startsWith('…') && cut.endsWith('…')).toBe(true);
    const [range] = highlights;
    expect(range && cut.slice(range[0], range[1])).toBe('budsjett');
    expect(momentSnippet('short', [[0, 5]])).toEqual({ text: 'short', highlights: [[0, 5]] });
  });

  it('a log event’s text holds its form values', () => {
    expect(
      logEventMomentText('Header', {
        scorer: 'Ødegaard',
        tags: ['cup', 'final'],
        minute: 12,
        ok: true,
        x: '',
      }),
    ).toBe('Header · Ødegaard · cup · final · 12');
  });
});
