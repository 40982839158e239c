import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight.ts';

const marked = (text: string) => ({ text, marked: true });
const plain = (text: string) => ({ text, marked: false });

describe('highlightSegments', () => {
  it('leaves a text without matches whole', () => {
    expect(highlightSegments('Evening news', [])).toEqual([plain('Evening news')]);
  });

  it('marks each range and keeps the text between', () => {
    expect(
      highlightSegments('Påske news at påske', [
        [0, 5],
        [14, 19],
      ]),
    ).toEqual([marked('Påske'), plain(' news at '), marked('påske')]);
  });

  it('marks a range at the very end and one covering everything', () => {
    expect(highlightSegments('Live news', [[5, 9]])).toEqual([plain('Live '), marked('news')]);
    expect(highlightSegments('news', [[0, 4]])).toEqual([marked('news')]);
  });

  it('takes ranges in order whatever order they come in', () => {
    expect(
      highlightSegments('a b c', [
        [4, 5],
        [0, 1],
      ]),
    ).toEqual([marked('a'), plain(' b '), marked('c')]);
  });

  it('marks overlapping ranges once', () => {
    expect(
      highlightSegments('newsroom', [
        [0, 4],
        [2, 8],
      ]),
    ).toEqual([marked('news'), marked('room')]);
  });

  it('ignores empty ranges and clips those past the end of the text', () => {
    expect(
      highlightSegments('news', [
        [2, 2],
        [2, 40],
        [10, 12],
      ]),
    ).toEqual([plain('ne'), marked('ws')]);
  });

  it('joins to the original text', () => {
    const text = 'Ærø-Påske 2026!';
    const segments = highlightSegments(text, [
      [0, 3],
      [4, 9],
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
  });
});
