import { describe, expect, it } from 'vitest';
import { isEmptyRegion, regionFromCorners, withPercent } from './regionMath.ts';

describe('regionFromCorners', () => {
  it('spans the two corners whichever comes first, inside the picture', () => {
    expect(regionFromCorners({ x: 0.75, y: 0.5 }, { x: 0.25, y: 0.1 })).toEqual({
      x: 0.25,
      y: 0.1,
      width: 0.5,
      height: 0.4,
    });
    expect(regionFromCorners({ x: -0.2, y: 0.5 }, { x: 1.3, y: 1.5 })).toEqual({
      x: 0,
      y: 0.5,
      width: 1,
      height: 0.5,
    });
  });
});

describe('withPercent', () => {
  it('sets one side and keeps the region inside the picture', () => {
    const r = { x: 0.1, y: 0.1, width: 0.5, height: 0.5 };
    expect(withPercent(r, 'x', 80)).toEqual({ x: 0.8, y: 0.1, width: 0.2, height: 0.5 });
    expect(withPercent(r, 'height', 150)).toEqual({ x: 0.1, y: 0.1, width: 0.5, height: 0.9 });
  });
});

describe('isEmptyRegion', () => {
  it('takes a click for no region', () => {
    expect(isEmptyRegion({ x: 0.5, y: 0.5, width: 0, height: 0.3 })).toBe(true);
    expect(isEmptyRegion({ x: 0.5, y: 0.5, width: 0.1, height: 0.1 })).toBe(false);
  });
});
