import path from 'node:path';
import type { Sharp } from 'sharp';
import type { MediaProbe } from './probe.ts';

export interface RenderOptions {
  probe: MediaProbe;
  /** 0..1 over the whole render. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Per tool run; the default grows with the duration (limits.ts). */
  timeoutMs?: number;
}

/** Every rendered type has its list thumbnail under this one name. */
export const THUMBNAIL = 'thumbnail.webp';
/** The longest side of a picture's (or a PDF page's) preview. */
export const PREVIEW_SIDE_PX = 1920;
const THUMBNAIL_SIDE_PX = 320;

export async function writeWebp(image: Sharp, file: string, maxSidePx: number): Promise<void> {
  await image
    .resize({ width: maxSidePx, height: maxSidePx, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toFile(file);
}

export async function writeThumbnail(image: Sharp, outDir: string): Promise<void> {
  await writeWebp(image, path.join(outDir, THUMBNAIL), THUMBNAIL_SIDE_PX);
}
