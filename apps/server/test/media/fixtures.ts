import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { MediaError } from '../../src/media/media-error.ts';

const exec = promisify(execFile);

/**
 * Test media is generated, never checked in: lavfi's test pattern and tones through the real
 * encoders. These calls use ffmpeg directly, since lavfi sources are (rightly) not inputs the
 * pipeline's hardened runner accepts.
 */
export async function ffmpeg(args: readonly string[]): Promise<void> {
  await exec('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** libheif's encoder: HEIC pictures for the tests, as an iPhone would make them. */
export async function heifEnc(args: readonly string[]): Promise<void> {
  await exec('heif-enc', [...args]);
}

/** ffprobe's JSON for a file the test made or the pipeline wrote, with playlists allowed. */
export async function ffprobe(file: string): Promise<FfprobeReport> {
  const { stdout } = await exec('ffprobe', [
    ...['-loglevel', 'error', '-protocol_whitelist', 'file', '-print_format', 'json'],
    ...['-show_format', '-show_streams', file],
  ]);
  return JSON.parse(stdout) as FfprobeReport;
}

export interface Probed {
  format: { format_name: string; duration: string; tags?: { timecode?: string } };
  streams: {
    codec_type: string;
    codec_name: string;
    profile?: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    r_frame_rate: string;
    field_order?: string;
    bit_rate?: string;
    channels?: number;
    channel_layout?: string;
    sample_rate?: string;
    nb_read_frames?: string;
    tags?: { timecode?: string };
  }[];
}

/** ffprobe's report, every video frame counted (not the container's claim). */
export async function countedProbe(file: string): Promise<Probed> {
  const { stdout } = await exec('ffprobe', [
    ...['-v', 'error', '-count_frames', '-print_format', 'json', '-show_format', '-show_streams', file],
  ]);
  return JSON.parse(stdout) as Probed;
}
/** The MD5 of a stream's packets as stored: equal for two files only if one copied the other's stream. */
export async function packetsDigest(file: string, stream: 'v:0' | 'a:0'): Promise<string> {
  const { stdout } = await exec('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-i', file, '-map', `0:${stream}`, '-c', 'copy', '-f', 'md5', '-'],
  ]);
  return stdout.trim();
}

export interface FfprobeReport {
  format: { format_name: string; duration?: string; tags?: { timecode?: string } };
  streams: {
    codec_type: string;
    tags?: { timecode?: string };
    codec_name: string;
    profile?: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    channels?: number;
    sample_aspect_ratio?: string;
  }[];
}

export function stream(report: FfprobeReport, type: 'video' | 'audio') {
  return report.streams.find((s) => s.codec_type === type);
}

export interface ClipOptions {
  width?: number;
  height?: number;
  seconds?: number;
  audio?: boolean;
  /** Extra video filters, after the test pattern (setsar, …). */
  videoFilters?: string;
  /** Extra output options (codec, metadata). */
  output?: readonly string[];
}

/** testsrc2 (a moving pattern with a running clock) and a 440 Hz tone, H.264 + AAC in MP4. */
export async function makeClip(file: string, options: ClipOptions = {}): Promise<string> {
  const { width = 320, height = 240, seconds = 4, audio = true } = options;
  const video = `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`;
  await ffmpeg([
    ...['-f', 'lavfi', '-i', options.videoFilters ? `${video},${options.videoFilters}` : video],
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
    ...(options.output ?? []),
    file,
  ]);
  return file;
}

/** A temp folder for the test file (created before its tests, removed after them), as a getter. */
export function useTempFolder(): () => string {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'skald-media-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}

/** A fresh job folder inside `root`, as a job gets one. */
export async function jobFolder(root: string): Promise<string> {
  return mkdtemp(path.join(root, 'job-'));
}

/** The promise rejects with a MediaError saying exactly this (the user reads it). */
export async function expectMediaError(promise: Promise<unknown>, message: string): Promise<MediaError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(MediaError);
  expect((error as MediaError).message).toBe(message);
  return error as MediaError;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid PNG header that claims any size, followed by a few bytes of pixels: a decompression bomb's shape. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 16×16 JPEG whose frame header (SOF0) is rewritten to claim another size. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
    .jpeg({ progressive: false })
    .toBuffer();
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  // Marker, length (2), precision (1), then height and width.
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}

/** An HLS playlist whose one segment is `segment` (a file or a URL): a file that opens others. */
export function playlist(segment: string): string {
  return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${segment}\n#EXT-X-ENDLIST\n`;
}

/** An ffconcat list naming `file`. */
export function concatList(file: string): string {
  return `ffconcat version 1.0\nfile '${file}'\n`;
}

/**
 * A one-page PDF, 200×100 pt, its left half red and its right half blue, written by hand with a
 * correct cross-reference table (no PDF writer is installed).
 */
export function twoColourPdf(): Buffer {
  const content = '1 0 0 rg 0 0 100 100 re f 0 0 1 rg 100 0 100 100 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
