import { stat } from 'node:fs/promises';
import { LIMITS, MESSAGES, cropPixels, type CropArea, type PixelRect } from '@skald/domain';
import sharp from 'sharp';
import { assertDimensionsAllowed, IMAGE_TIMEOUT_MS, MAX_PIXELS } from './limits.ts';
import { MediaError } from './media-error.ts';
import { sniffFile } from './probe.ts';

/** Formats a crop keeps; any other picture sharp reads (GIF, TIFF) is cropped into a PNG. */
const KEPT: Record<string, { format: 'jpeg' | 'png' | 'webp' | 'avif'; extension: string; mime: string }> = {
  jpg: { format: 'jpeg', extension: 'jpg', mime: 'image/jpeg' },
  png: { format: 'png', extension: 'png', mime: 'image/png' },
  webp: { format: 'webp', extension: 'webp', mime: 'image/webp' },
  avif: { format: 'avif', extension: 'avif', mime: 'image/avif' },
};
const PNG = { format: 'png', extension: 'png', mime: 'image/png' } as const;
const READABLE: ReadonlySet<string> = new Set(['jpg', 'png', 'webp', 'avif', 'tif', 'gif']);

export interface CroppedPicture {
  rect: PixelRect;
  extension: string;
  mimeType: string;
  size: number;
}

/** Thrown when the area is not inside the picture; the route names the field. */
export class CropOutsideError extends Error {}

/**
 * Crops the picture as displayed (its EXIF orientation applied) to `area` (percent) into `output`
 * (`.<extension>` is appended), in the original's format at full quality. In libvips' threads, so
 * the event loop is free; refused: SVG (spec §5), pictures over the pixel limit, and a result over
 * spec §9's 100 MB.
 */
export async function cropPicture(
  input: string,
  output: string,
  area: CropArea,
  maxBytes: number = LIMITS.exportEmbeddedImageMaxBytes,
): Promise<CroppedPicture & { file: string }> {
  const { extension } = await sniffFile(input);
  if (extension === 'svg') throw new MediaError(MESSAGES.svgCropNotSupported);
  if (extension === null || !READABLE.has(extension)) throw new MediaError(MESSAGES.imageLoadFailed);
  const kept = KEPT[extension] ?? PNG;
  try {
    const { width, height, autoOrient } = await sharp(input, { limitInputPixels: false }).metadata();
    assertDimensionsAllowed(width, height);
    const rect = cropPixels(area, autoOrient.width, autoOrient.height);
    if (!rect) throw new CropOutsideError();
    const file = `${output}.${kept.extension}`;
    await sharp(input, { limitInputPixels: MAX_PIXELS })
      .timeout({ seconds: IMAGE_TIMEOUT_MS / 1000 })
      .autoOrient()
      .extract(rect)
      .keepIccProfile()
      .toFormat(kept.format, kept.format === 'png' ? {} : { quality: 95 })
      .toFile(file);
    const { size } = await stat(file);
    if (size > maxBytes)
      throw new MediaError(MESSAGES.cropTooLarge, { detail: `${size} bytes; the limit is ${maxBytes}` });
    return { rect, extension: kept.extension, mimeType: kept.mime, size, file };
  } catch (error) {
    if (error instanceof MediaError || error instanceof CropOutsideError) throw error;
    throw new MediaError(MESSAGES.imageLoadFailed, {
      detail: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
}
