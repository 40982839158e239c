import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmdirSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { baseUrl, scratchDir } from './run.ts';

const run = promisify(execFile);

/** Generated media, by the ffmpeg arguments that made it: shared by the run's files and both CI passes. */
const CACHE = path.join(tmpdir(), 'skald-e2e-media');
let ffmpegVersion: Promise<string> | undefined;

/**
 * Writes what `ffmpeg <args> <output>` writes to `file` (its format from the extension), running
 * ffmpeg only the first time these arguments, this extension and this ffmpeg are asked for: lavfi's sources and x264 give the same bytes every
 * time, so a clip or still is made once and copied after. Written under a temporary name, then
 * renamed, so files made at once by other workers are never seen half written.
 */
async function generated(args: readonly string[], file: string): Promise<string> {
  ffmpegVersion ??= run('ffmpeg', ['-version']).then(({ stdout }) => stdout.split('\n')[0] ?? '');
  const key = createHash('sha256')
    .update(JSON.stringify([await ffmpegVersion, ...args, path.extname(file)]))
    .digest('hex');
  const made = path.join(CACHE, `${key}${path.extname(file)}`);
  if (!existsSync(made)) {
    mkdirSync(CACHE, { recursive: true });
    const making = mkdtempSync(path.join(CACHE, 'making-'));
    const partial = path.join(making, path.basename(made));
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args, '-y', partial]);
    renameSync(partial, made);
    rmdirSync(making);
  }
  copyFileSync(made, file);
  return file;
}

export interface ClipOptions {
  name?: string;
  size?: string;
  seconds?: number;
  /** Picture only, as silent B-roll comes. */
  silent?: boolean;
}

/**
 * A real H.264/AAC clip (a 25 fps test pattern with a tone) as a camera or an editor would hand it
 * over: by default `clip.mp4`, one minute of 1080p; small ones are cheap enough for every run.
 */
export async function makeClip(dir: string, options: ClipOptions = {}): Promise<string> {
  const { name = 'clip.mp4', size = '1920x1080', seconds = 60, silent = false } = options;
  return generated(
    [
      ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25`],
      ...(silent ? [] : ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000']),
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...(silent ? ['-an'] : ['-c:a', 'aac']),
    ],
    path.join(dir, name),
  );
}

/** A 3-second 320x240 clip named as asked, in a fresh temporary folder. */
export const makeShortClip = (name: string, options: Pick<ClipOptions, 'silent'> = {}): Promise<string> =>
  makeClip(scratchDir('short-'), {
    name,
    size: '320x240',
    seconds: 3,
    ...options,
  });

/** A 640x360 PNG still of the test pattern named as asked, in a fresh temporary folder. */
export async function makeStill(name: string): Promise<string> {
  return generated(
    ['-f', 'lavfi', '-i', 'testsrc2=size=640x360', '-frames:v', '1'],
    path.join(scratchDir('still-'), name),
  );
}

/** A 1200x800 JPEG photo with a camera's EXIF (make, model, lens, when taken), named as asked. */
export async function makePhoto(name: string): Promise<string> {
  const file = path.join(scratchDir('photo-'), name);
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a6f97' } })
    .withExif({
      IFD0: { Make: 'NIKON CORPORATION', Model: 'NIKON Z 6' },
      IFD2: { DateTimeOriginal: '2024:05:17 12:34:56', LensModel: 'NIKKOR Z 24-70mm f/4 S' },
    })
    .jpeg()
    .toFile(file);
  return file;
}

/** The browser context's session cookie as a Cookie header, to call the API as that user. */
export async function cookieHeader(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies(baseUrl());
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

/**
 * Uploads a file over tus 1.0 (POST, then one PATCH with the whole file), as Uppy would, and
 * answers the id of the item it became (the `Skald-Item-Id` header of the last PATCH).
 */
export async function tusUpload(
  cookie: string,
  file: string,
  meta: { folderId: string; itemId?: string },
): Promise<string> {
  const base = baseUrl();
  const filename = path.basename(file);
  const size = statSync(file).size;
  const metadata = [
    `filename ${b64(filename)}`,
    `filetype ${b64('video/mp4')}`,
    `folderId ${b64(meta.folderId)}`,
    ...(meta.itemId ? [`itemId ${b64(meta.itemId)}`] : []),
  ].join(',');
  const created = await fetch(`${base}/api/v1/uploads`, {
    method: 'POST',
    headers: {
      Cookie: cookie,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(size),
      'Upload-Metadata': metadata,
    },
  });
  if (created.status !== 201) throw new Error(`tus POST: ${created.status} ${await created.text()}`);
  const location = created.headers.get('location');
  if (!location) throw new Error('tus POST answered no Location');
  const patched = await fetch(new URL(location, `${base}/api/v1/uploads/`), {
    method: 'PATCH',
    headers: {
      Cookie: cookie,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    body: readFileSync(file),
  });
  if (patched.status !== 204) throw new Error(`tus PATCH: ${patched.status} ${await patched.text()}`);
  const itemId = patched.headers.get('skald-item-id');
  if (!itemId) throw new Error('the finished upload answered no Skald-Item-Id');
  return itemId;
}

/** Waits until the item's transcoding is complete; fails at once when it ends in error. */
export async function waitForTranscoding(
  request: APIRequestContext,
  itemId: string,
  timeoutMs = 240_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get(`/api/v1/items/${itemId}`);
    if (response.ok()) {
      const item = (await response.json()) as {
        transcoding: { state: string | null; errorMessage: string | null };
      };
      if (item.transcoding.state === 'complete') return;
      if (item.transcoding.state === 'error')
        throw new Error(`transcoding failed: ${item.transcoding.errorMessage ?? 'no message'}`);
    }
    if (Date.now() > deadline) throw new Error(`item ${itemId} not transcoded within ${timeoutMs} ms`);
    // Often: the test goes on as soon as the item is ready (one cheap read each time).
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
