import type { CommentRegion } from '@skald/domain';

export interface Point {
  x: number;
  y: number;
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** The region two corners span, as fractions of the picture (either corner first, kept inside it). */
export function regionFromCorners(a: Point, b: Point): CommentRegion {
  const x1 = clamp(Math.min(a.x, b.x));
  const y1 = clamp(Math.min(a.y, b.y));
  const x2 = clamp(Math.max(a.x, b.x));
  const y2 = clamp(Math.max(a.y, b.y));
  return { x: round(x1), y: round(y1), width: round(x2 - x1), height: round(y2 - y1) };
}

/** A region with one side typed in percent, kept inside the picture. */
export function withPercent(
  region: CommentRegion,
  side: keyof CommentRegion,
  percent: number,
): CommentRegion {
  const next = { ...region, [side]: clamp(percent / 100) };
  return {
    x: round(next.x),
    y: round(next.y),
    width: round(Math.min(next.width, 1 - next.x)),
    height: round(Math.min(next.height, 1 - next.y)),
  };
}

/** Too small to mean anything (a click rather than a drag). */
export const isEmptyRegion = (r: CommentRegion): boolean => r.width < 0.005 || r.height < 0.005;
