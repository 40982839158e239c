import { describe, expect, it } from 'vitest';
import { clipSeconds, moveClip, sequenceRefusal, sequenceTimeline } from './sequences.ts';

describe('sequences', () => {
  it('accepts only video (spec §5)', () => {
    expect(sequenceRefusal(['video', 'video'])).toBeNull();
    expect(sequenceRefusal(['video', 'audio'])).toBe('sequenceVideoOnly');
    expect(sequenceRefusal(['image'])).toBe('sequenceVideoOnly');
  });

  it('moves a clip, keeping the others in order, and ignores moves outside the list', () => {
    expect(moveClip(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveClip(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveClip(['a', 'b'], 0, 2)).toEqual(['a', 'b']);
  });

  it('lays clips end to end, each as long as its frames at its own rate', () => {
    const lengths = [
      clipSeconds({ inFrame: 25, outFrame: 75 }, { numerator: 25, denominator: 1 }),
      clipSeconds({ inFrame: 0, outFrame: 60 }, { numerator: 30000, denominator: 1001 }),
    ];
    const { starts, total } = sequenceTimeline(lengths);
    expect(starts).toEqual([0, 2]);
    expect(total).toBeCloseTo(4.002, 6);
  });
});
