import { describe, expect, it } from 'vitest';
import {
  FIT,
  MAX_SCALE,
  MIN_SCALE,
  ZOOM_STEP,
  canPan,
  effectiveScale,
  fitScale,
  panBy,
  zoomByWheel,
  zoomIn,
  zoomOut,
  zoomTo,
  type ZoomState,
} from './zoom.ts';

const view = { width: 800, height: 600 };
const large = { width: 4000, height: 2000 };
const small = { width: 200, height: 100 };

describe('fitting an image in the view', () => {
  it.each([
    [large, view, 0.2],
    [{ width: 1000, height: 1500 }, view, 0.4],
    [small, view, 1],
    [{ width: 0, height: 0 }, view, 1],
  ])('%j in %j fits at %s', (image, size, scale) => {
    expect(fitScale(image, size)).toBe(scale);
  });

  it('follows the view while fitted', () => {
    expect(effectiveScale(FIT, large, { width: 400, height: 600 })).toBe(0.1);
  });
});

describe('zooming', () => {
  it('zooms in and out by a step from the fitted scale', () => {
    const zoomed = zoomIn(FIT, large, view);
    expect(zoomed.fit).toBe(false);
    expect(zoomed.scale).toBeCloseTo(0.2 * ZOOM_STEP);
    expect(zoomOut(zoomed, large, view).scale).toBeCloseTo(0.2);
  });

  it.each([
    [100, MAX_SCALE],
    [0.0001, MIN_SCALE],
  ])('keeps a zoom to %s within the limits (%s)', (scale, limit) => {
    expect(zoomTo(FIT, scale, large, view).scale).toBe(limit);
  });

  it('keeps the point under the mouse still', () => {
    const state: ZoomState = { fit: false, scale: 1, panX: 0, panY: 0 };
    const anchor = { x: 200, y: 100 };
    const next = zoomTo(state, 2, large, view, anchor);
    // The image point under the anchor was 200 px right of the image centre; at 2× it is 400 px.
    expect(anchor.x - next.panX).toBe(400);
    expect(anchor.y - next.panY).toBe(200);
  });

  it.each([
    [-100, 'in'],
    [100, 'out'],
  ])('a wheel delta of %s zooms %s', (deltaY, direction) => {
    const state: ZoomState = { fit: false, scale: 1, panX: 0, panY: 0 };
    const next = zoomByWheel(state, deltaY, large, view, { x: 0, y: 0 });
    expect(next.scale).toBeCloseTo(direction === 'in' ? ZOOM_STEP : 1 / ZOOM_STEP);
  });
});

describe('panning', () => {
  const at100: ZoomState = { fit: false, scale: 1, panX: 0, panY: 0 };

  it('moves a zoomed image up to its edges', () => {
    expect(panBy(at100, 100, -50, large, view)).toEqual({ fit: false, scale: 1, panX: 100, panY: -50 });
    expect(panBy(at100, 99999, 99999, large, view)).toEqual({ fit: false, scale: 1, panX: 1600, panY: 700 });
  });

  it('keeps an image smaller than the view centred', () => {
    expect(panBy(at100, 100, 100, small, view)).toEqual(at100);
  });

  it.each([
    [FIT, large, false],
    [at100, large, true],
    [at100, small, false],
  ])('is possible for %j on a %j image: %s', (state, image, possible) => {
    expect(canPan(state, image, view)).toBe(possible);
  });
});
