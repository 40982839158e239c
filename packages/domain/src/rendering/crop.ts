/**
 * Spec §7 cropImage: a part of a picture as a new item. The area is in percent of the picture as
 * displayed (after its EXIF orientation), so a client can choose it on any rendition.
 */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The aspect ratios a newsroom crops to: the picture's own, landscape video, square and the social formats. */
export const CROP_ASPECTS = [
  { id: 'original', ratio: null },
  { id: '16:9', ratio: 16 / 9 },
  { id: '4:3', ratio: 4 / 3 },
  { id: '3:2', ratio: 3 / 2 },
  { id: '1:1', ratio: 1 },
  { id: '4:5', ratio: 4 / 5 },
  { id: '9:16', ratio: 9 / 16 },
] as const;

export type CropAspectId = (typeof CROP_ASPECTS)[number]['id'];

/**
 * The pixels an area covers in a picture of this size, at least one pixel each way and within the
 * picture; null when the area is not inside it (a rounding overshoot of half a pixel is forgiven).
 */
export function cropPixels(area: CropArea, width: number, height: number): PixelRect | null {
  const values = [area.x, area.y, area.width, area.height];
  if (values.some((v) => !Number.isFinite(v) || v < 0)) return null;
  if (area.width <= 0 || area.height <= 0) return null;
  if (area.x + area.width > 100.0001 || area.y + area.height > 100.0001) return null;
  const left = Math.min(Math.round((area.x / 100) * width), width - 1);
  const top = Math.min(Math.round((area.y / 100) * height), height - 1);
  const right = Math.min(Math.round(((area.x + area.width) / 100) * width), width);
  const bottom = Math.min(Math.round(((area.y + area.height) / 100) * height), height);
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}
