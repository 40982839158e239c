import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, fileExtension, isTimecode, itemTypeForExtension, type FileItemType } from '@skald/domain';
import { FileTypeParser, type Detector } from 'file-type';
import { z } from 'zod';
import { runFfprobe } from './ffmpeg.ts';
import { assertDimensionsAllowed, PROBE_TIMEOUT_MS } from './limits.ts';
import { MediaError } from './media-error.ts';

/** The contract's TechnicalMetadata without sha256 (hashed while uploading), plus the demuxer. */
export interface MediaProbe {
  durationSeconds: number | null;
  container: string | null;
  videoCodec: string | null;
  audioCodec: string | null;
  /** As displayed: swapped for video recorded rotated by 90°. */
  width: number | null;
  height: number | null;
  frameRate: { numerator: number; denominator: number } | null;
  /** The timecode of the first frame a camera or editing tool recorded (MXF, MOV, MP4), or null. */
  startTimecode: string | null;
  bitrate: number | null;
  size: number;
  mimeType: string | null;
  /** ffprobe's name for the demuxer; later runs force it with `-f`. */
  format: string;
}

export interface SniffedType {
  mimeType: string | null;
  extension: string | null;
  /** From the content's extension through the upload whitelist; a guess until a probe finds streams. */
  kind: FileItemType;
}

const ratio = z.string().optional();
const tags = z.object({ timecode: z.string().optional() }).optional();
const ffprobeReport = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        avg_frame_rate: ratio,
        r_frame_rate: ratio,
        disposition: z.object({ attached_pic: z.number().optional() }).optional(),
        side_data_list: z.array(z.object({ rotation: z.number().optional() })).optional(),
        tags,
      }),
    )
    .default([]),
  format: z.object({
    format_name: z.string(),
    duration: z.string().optional(),
    bit_rate: z.string().optional(),
    tags,
  }),
});

const UNREADABLE = MESSAGES.fileUnreadable;

export async function probeMedia(
  file: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<MediaProbe> {
  const [output, sniffed, { size }] = await Promise.all([
    runFfprobe(
      { path: file },
      {
        // ffprobe writes nothing; its working directory only has to exist.
        jobDir: path.dirname(file),
        inputFile: file,
        timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS,
        signal: options.signal,
        failureMessage: UNREADABLE,
      },
    ),
    sniffFile(file),
    stat(file),
  ]);
  const parsed = ffprobeReport.safeParse(JSON.parse(output));
  if (!parsed.success) throw new MediaError(UNREADABLE, { detail: parsed.error.message });
  const { streams, format } = parsed.data;
  // Cover art in audio files is a video stream too; it does not make the file a video.
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video && !audio) throw new MediaError(MESSAGES.fileHasNoMedia);
  if (video) {
    // A decoder that refused the frame (over ffmpeg's own size limit, corrupt) leaves them 0.
    if (!video.width || !video.height) throw new MediaError(UNREADABLE, { detail: 'no frame dimensions' });
    assertDimensionsAllowed(video.width, video.height);
  }
  const rotated =
    Math.abs(video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0) % 180 === 90;
  const stillImage = /_pipe$|^image2$/.test(format.format_name);
  return {
    durationSeconds: positive(format.duration),
    container: sniffed.extension ?? format.format_name.split(',')[0] ?? null,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    width: (rotated ? video?.height : video?.width) || null,
    height: (rotated ? video?.width : video?.height) || null,
    frameRate:
      video && !stillImage ? (frameRate(video.avg_frame_rate) ?? frameRate(video.r_frame_rate)) : null,
    startTimecode: video && !stillImage ? startTimecode([format, video, ...streams]) : null,
    bitrate: positive(format.bit_rate),
    size,
    mimeType: sniffed.mimeType,
    format: format.format_name,
  };
}

function positive(value: string | undefined): number | null {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : null;
}

/**
 * The source's start timecode: MXF keeps it on the file, MOV and MP4 on the picture stream and
 * their timecode track (a data stream tagged tmcd). The first well-formed label wins.
 */
function startTimecode(
  holders: readonly { tags?: { timecode?: string | undefined } | undefined }[],
): string | null {
  const found = holders.map((h) => h.tags?.timecode?.trim()).find((tc) => tc !== undefined && isTimecode(tc));
  return found ?? null;
}

/** ffprobe writes rates as "30000/1001", and "0/0" when it does not know. */
function frameRate(value: string | undefined): MediaProbe['frameRate'] {
  const [numerator, denominator] = (value ?? '').split('/').map(Number);
  return numerator && denominator && numerator > 0 && denominator > 0 ? { numerator, denominator } : null;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** An XML prolog (declaration, comments, doctype with its internal subset) and then an <svg> root. */
const SVG_ROOT =
  /^\uFEFF?\s*(?:<\?xml[^>]*>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>\s*)*<svg[\s>]/i;
const SVG_SNIFF_BYTES = 4_096;

/** file-type reads binary signatures only; SVG is text, recognised by its root element. */
const svgDetector: Detector = {
  id: 'skald:svg',
  detect: async (tokenizer) => {
    const head = new Uint8Array(SVG_SNIFF_BYTES);
    const length = await tokenizer.peekBuffer(head, { length: SVG_SNIFF_BYTES, mayBeLess: true });
    const text = new TextDecoder().decode(head.subarray(0, length));
    return SVG_ROOT.test(text) ? { ext: 'svg', mime: 'image/svg+xml' } : undefined;
  },
};

/**
 * What the content is, whatever the file is called. A parser per call: FileTypeParser keeps the
 * file being read on the instance, so two sniffs sharing one would read each other's bytes (an
 * executable uploaded beside a video was once taken for the video).
 */
export async function sniffFile(file: string): Promise<SniffedType> {
  const type = await new FileTypeParser({ customDetectors: [svgDetector] }).fromFile(file);
  return {
    mimeType: type?.mime ?? null,
    extension: type?.ext ?? null,
    kind: type ? itemTypeForExtension(type.ext) : 'file',
  };
}

/** The item type a file becomes: what its content says where it can tell, else its name; the probe settles it later. */
export function itemTypeOf(sniffed: SniffedType, filename: string): FileItemType {
  return sniffed.extension === null ? itemTypeForExtension(fileExtension(filename)) : sniffed.kind;
}
