import { describe, expect, it } from 'vitest';
import { aspectRatio, cropAreaOf } from './cropRules.ts';

describe('crop rules', () => {
  it('keeps the cropper’s area within the picture', () => {
    expect(cropAreaOf({ x: -0.0004, y: 10.12345, width: 100.0002, height: 90 })).toEqual({
      x: 0,
      y: 10.123,
      width: 100,
      height: 89.877,
    });
  });

  it('takes the picture’s own ratio for the original aspect', () => {
    expect(aspectRatio('original', 1.5)).toBe(1.5);
    expect(aspectRatio('16:9', 1.5)).toBeCloseTo(16 / 9);
    expect(aspectRatio('9:16', 1.5)).toBeCloseTo(9 / 16);
  });
});
