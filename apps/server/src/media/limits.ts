import { MESSAGES } from '@skald/domain';
import { MediaError } from './media-error.ts';

/**
 * Pictures and video frames larger than this are refused before anything decodes them: a header
 * can claim any size, and decoding allocates for the claim (a decompression bomb).
 */
const MAX_SIDE_PX = 16_384;
export const MAX_PIXELS = 100_000_000;

export const PROBE_TIMEOUT_MS = 30_000;
export const IMAGE_TIMEOUT_MS = 120_000;

/**
 * A render's default wall-clock budget per tool run: ten minutes plus four times the media's
 * duration. The bench encodes 1080p at about three times real time on two busy cores, so this only
 * stops a stuck tool.
 */
export function renderTimeoutMs(durationSeconds: number | null): number {
  return 600_000 + 4_000 * (durationSeconds ?? 3_600);
}

export function assertDimensionsAllowed(width: number, height: number): void {
  if (width > MAX_SIDE_PX || height > MAX_SIDE_PX || width * height > MAX_PIXELS)
    throw new MediaError(MESSAGES.pictureTooLarge, {
      detail: `${width}×${height}; the limit is ${MAX_SIDE_PX} pixels a side and ${MAX_PIXELS / 1_000_000} megapixels`,
    });
}
