import { describe, expect, it } from 'vitest';
import { clipSeconds, moveClip, sequenceRefusal, sequenceTimeline, usedParts } from './sequences.ts';

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

  it.each([
    ['one clip', [['a', 0, 25]], [['a', [[0, 25]]]]],
    [
      'overlapping ranges of a source joined',
      [
        ['a', 10, 50],
        ['a', 40, 60],
      ],
      [['a', [[10, 60]]]],
    ],
    [
      'touching ranges joined',
      [
        ['a', 0, 25],
        ['a', 25, 30],
      ],
      [['a', [[0, 30]]]],
    ],
    [
      'apart ranges kept in frame order',
      [
        ['a', 50, 60],
        ['a', 0, 10],
      ],
      [
        [
          'a',
          [
            [0, 10],
            [50, 60],
          ],
        ],
      ],
    ],
    [
      'each source once, in the order it first appears',
      [
        ['b', 0, 5],
        ['a', 0, 5],
        ['b', 3, 8],
      ],
      [
        ['b', [[0, 8]]],
        ['a', [[0, 5]]],
      ],
    ],
  ] as const)('lists the used parts of its sources: %s', (_, clips, expected) => {
    const used = usedParts(
      clips.map(([sourceItemId, inFrame, outFrame]) => ({ sourceItemId, inFrame, outFrame })),
    );
    expect(used).toEqual(
      expected.map(([sourceItemId, parts]) => ({
        sourceItemId,
        parts: parts.map(([inFrame, outFrame]) => ({ inFrame, outFrame })),
      })),
    );
  });
});
