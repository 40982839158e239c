import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import exifr from 'exifr';
import sharp from 'sharp';
import { runFfmpeg, runHeifConvert, type RunOptions } from './ffmpeg.ts';
import { assertDimensionsAllowed, IMAGE_TIMEOUT_MS, MAX_PIXELS } from './limits.ts';
import { MediaError } from './media-error.ts';
import { sniffFile } from './probe.ts';
import { PREVIEW_SIDE_PX, THUMBNAIL, writeThumbnail, writeWebp } from './render.ts';

const PREVIEW = 'preview.webp';
const UNREADABLE = MESSAGES.pictureUnreadable;
/** An SVG is read into memory whole; real ones are far smaller. */
const MAX_SVG_BYTES = 20 * 1024 * 1024;
/** sharp's own upper bound for density. */
const MAX_SVG_DENSITY = 100_000;
/**
 * What sharp's prebuilt libvips decodes, by file-type's extension (its heif is AVIF only). libheif
 * (HEIC) or ffmpeg (BMP, PSD, …) turns the others into a PNG in the job folder first.
 */
const SHARP_READS: ReadonlySet<string> = new Set(['jpg', 'png', 'webp', 'tif', 'gif', 'svg', 'avif']);
/** Where a picture sharp cannot read is decoded to, inside the job folder; removed after. */
const DECODED_DIR = 'decoded';

export interface ImageRenditions {
  /** Every file written, relative to the output folder. */
  files: string[];
  preview: string;
  thumbnail: string;
  /** As displayed, after the EXIF orientation. */
  width: number;
  height: number;
  /** The file's format, by its content (file-type's extension: 'jpg', 'png', 'heic', …). */
  format: string | null;
  /** libvips' interpretation of the picture's pixels: 'srgb', 'cmyk', 'b-w' (greyscale), 'rgb16', … */
  colorSpace: string | null;
  /** JSON-safe: values as exifr reads them, dates as the camera wrote them, binary tags left out. */
  exif: Record<string, unknown> | null;
}

const HEIF: ReadonlySet<string> = new Set(['heic', 'heif']);

/** A picture sharp cannot read, as a PNG in the job folder: HEIF through libheif, others ffmpeg. */
async function decodeToPng(input: string, extension: string, options: RunOptions): Promise<string> {
  const folder = path.join(options.jobDir, DECODED_DIR);
  await mkdir(folder, { recursive: true });
  const output = path.join(folder, 'picture.png');
  const run = { ...options, failureMessage: UNREADABLE };
  if (!HEIF.has(extension)) {
    await runFfmpeg(
      { inputs: [{ path: input }], outputs: ['-map', '0:V:0', '-frames:v', '1', '-update', '1', output] },
      run,
    );
    return output;
  }
  await runHeifConvert(input, output, run);
  // A HEIF holding several pictures (a burst, a live photo's stills): the first is the primary.
  return existsSync(output) ? output : path.join(folder, 'picture-1.png');
}

export async function renderImage(
  input: string,
  outDir: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ImageRenditions> {
  const { signal, timeoutMs = IMAGE_TIMEOUT_MS } = options;
  signal?.throwIfAborted();
  const { extension } = await sniffFile(input);
  const svg = extension === 'svg';
  const decoded = extension !== null && !SHARP_READS.has(extension);
  const source = svg
    ? await readSvg(input)
    : decoded
      ? await decodeToPng(input, extension, { jobDir: outDir, inputFile: input, timeoutMs, signal })
      : input;
  try {
    // The header alone, unlimited, so an oversized picture is refused with its size in the detail;
    // the decoding pipeline below still refuses anything over the pixel limit on its own.
    const { width, height, autoOrient, space } = await sharp(source, { limitInputPixels: false }).metadata();
    assertDimensionsAllowed(width, height);
    // A vector has no pixel size of its own: draw it at the preview's size rather than at 72 dpi.
    const density = svg
      ? Math.min(MAX_SVG_DENSITY, (72 * PREVIEW_SIDE_PX) / Math.max(width, height))
      : undefined;
    const oriented = sharp(source, { limitInputPixels: MAX_PIXELS, density })
      .timeout({ seconds: Math.ceil(timeoutMs / 1000) })
      .autoOrient();
    await writeWebp(oriented.clone(), path.join(outDir, PREVIEW), PREVIEW_SIDE_PX);
    signal?.throwIfAborted();
    await writeThumbnail(oriented.clone(), outDir);
    return {
      files: [PREVIEW, THUMBNAIL],
      preview: PREVIEW,
      thumbnail: THUMBNAIL,
      width: autoOrient.width,
      height: autoOrient.height,
      format: extension,
      colorSpace: space,
      exif: svg ? null : await readExif(input),
    };
  } catch (error) {
    if (error instanceof MediaError || signal?.aborted) throw error;
    throw new MediaError(UNREADABLE, {
      detail: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  } finally {
    if (decoded) await rm(path.join(outDir, DECODED_DIR), { recursive: true, force: true });
  }
}

/**
 * From memory rather than from the path, so the SVG has no base location: librsvg then cannot
 * resolve references to other files (<image href="../…">, XInclude) next to the original.
 */
async function readSvg(file: string): Promise<Buffer> {
  const { size } = await stat(file);
  if (size > MAX_SVG_BYTES) {
    throw new MediaError(MESSAGES.svgTooLarge, { detail: `${size} bytes; the limit is ${MAX_SVG_BYTES}` });
  }
  return readFile(file);
}

/**
 * EXIF is a bonus: a picture without it, or with a block exifr cannot parse, still renders.
 * Camera dates carry no time zone, so they stay the strings the camera wrote. PNG's IHDR is not
 * EXIF, so it is not read as such.
 */
async function readExif(file: string): Promise<Record<string, unknown> | null> {
  const raw: unknown = await exifr.parse(file, { ihdr: false, reviveValues: false }).catch(() => undefined);
  if (raw === undefined || raw === null) return null;
  // Binary tags (thumbnails, maker blobs) would turn into huge arrays of numbers.
  return JSON.parse(
    JSON.stringify(raw, function (this: Record<string, unknown>, key: string, value: unknown) {
      return ArrayBuffer.isView(this[key]) ? undefined : value;
    }),
  ) as Record<string, unknown>;
}
