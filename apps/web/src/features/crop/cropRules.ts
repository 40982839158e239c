import { CROP_ASPECTS, type CropAspectId } from '@skald/domain';
import type { Item } from '../../api/items.ts';
import type { CropArea } from '../../api/placeholders.ts';

/** Spec §5: an SVG cannot be cropped; the original's name or format says it is one. */
export function isSvg(item: Item): boolean {
  const leading = item.versions.find((v) => v.isLeading);
  return (
    item.technicalMetadata?.mimeType === 'image/svg+xml' ||
    (leading?.filename.toLowerCase().endsWith('.svg') ?? false)
  );
}

/** The ratio of an aspect choice; the picture's own for 'original'. */
export function aspectRatio(id: CropAspectId, pictureRatio: number): number {
  return CROP_ASPECTS.find((a) => a.id === id)?.ratio ?? pictureRatio;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, Math.round(value * 1000) / 1000));

/** The cropper's area in percent, kept within the picture (its rounding may overshoot by a hair). */
export function cropAreaOf(area: CropArea): CropArea {
  const x = clampPercent(area.x);
  const y = clampPercent(area.y);
  return {
    x,
    y,
    width: Math.min(clampPercent(area.width), 100 - x),
    height: Math.min(clampPercent(area.height), 100 - y),
  };
}
