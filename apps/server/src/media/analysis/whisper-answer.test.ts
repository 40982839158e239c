import { describe, expect, it } from 'vitest';
import { utterancesOf } from './whisper-answer.ts';

// Tokens as whisper.cpp answers them with maxLen 1 and token timestamps: one per segment, a leading
// space where a word starts, times in milliseconds.
const token = (text: string, t0: number, t1: number) => ({ text, t0, t1 });

describe('whisper.cpp tokens as utterances', () => {
  it('joins tokens into words with the first start and last end', () => {
    const [utterance] = utterancesOf([
      token(' Stort', 0, 300),
      token('inget', 300, 700),
      token(' vedtok', 800, 1200),
      token(' budsj', 1250, 1500),
      token('ettet', 1500, 1900),
      token('.', 1900, 1950),
    ]);
    expect(utterance).toEqual({
      startMs: 0,
      endMs: 1950,
      text: 'Stortinget vedtok budsjettet.',
      words: [
        { text: 'Stortinget', startMs: 0, endMs: 700, confidence: 100 },
        { text: 'vedtok', startMs: 800, endMs: 1200, confidence: 100 },
        { text: 'budsjettet.', startMs: 1250, endMs: 1950, confidence: 100 },
      ],
    });
  });

  it('starts a new utterance after a sentence ends or a pause', () => {
    const utterances = utterancesOf([
      token(' Hello', 0, 400),
      token('.', 400, 450),
      token(' How', 600, 800),
      token(' are', 800, 1000),
      token(' you', 2500, 2800),
    ]);
    expect(utterances.map((u) => u.text)).toEqual(['Hello.', 'How are', 'you']);
    expect(utterances.map((u) => [u.startMs, u.endMs])).toEqual([
      [0, 450],
      [600, 1000],
      [2500, 2800],
    ]);
  });

  it('leaves out what is not speech, and answers nothing for silence', () => {
    expect(utterancesOf([token(' [', 0, 10), token('BLANK', 10, 20), token('_AUDIO]', 20, 30)])).toEqual([]);
    expect(utterancesOf([])).toEqual([]);
    const [u] = utterancesOf([token(' (music)', 0, 900), token(' Welcome', 1000, 1400)]);
    expect(u?.text).toBe('Welcome');
  });
});
