import { describe, expect, it } from 'vitest';
import { cropPixels } from './crop.ts';

describe('cropPixels', () => {
  it.each([
    [{ x: 50, y: 10, width: 50, height: 50 }, 400, 300, { left: 200, top: 30, width: 200, height: 150 }],
    [{ x: 0, y: 0, width: 100, height: 100 }, 640, 360, { left: 0, top: 0, width: 640, height: 360 }],
    // Half a pixel over the edge from rounding is forgiven, and a sliver is one pixel at least.
    [
      { x: 99.99, y: 0, width: 0.01, height: 100.00005 },
      100,
      100,
      { left: 99, top: 0, width: 1, height: 100 },
    ],
  ])('cuts %j of %i×%i at %j', (area, width, height, rect) => {
    expect(cropPixels(area, width, height)).toEqual(rect);
  });

  it.each([
    { x: 60, y: 0, width: 50, height: 50 },
    { x: -1, y: 0, width: 50, height: 50 },
    { x: 0, y: 0, width: 0, height: 50 },
    { x: 0, y: 0, width: Number.NaN, height: 50 },
  ])('refuses %j', (area) => {
    expect(cropPixels(area, 400, 300)).toBeNull();
  });
});
