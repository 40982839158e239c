import { execFile } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAudio } from '../../src/media/audio.ts';
import { renderImage } from '../../src/media/image.ts';
import { probeMedia, sniffFile, type MediaProbe } from '../../src/media/probe.ts';
import { renderVideo } from '../../src/media/video.ts';
import {
  concatList,
  expectMediaError,
  jobFolder,
  jpegClaiming,
  makeClip,
  playlist,
  pngClaiming,
  useTempFolder,
} from './fixtures.ts';

const exec = promisify(execFile);
const UNREADABLE = 'This file could not be read as audio, video or a picture';
const root = useTempFolder();

/**
 * A named pipe outside every job folder. Whoever opens it for reading blocks until a writer comes,
 * so polling for a reader with a non-blocking open (ENXIO while there is none) cannot miss one;
 * the poll then lets the reader go with an empty read.
 */
async function canary(): Promise<{ file: string; watch: () => { stop: () => boolean } }> {
  const outside = path.join(root(), 'outside');
  await mkdir(outside, { recursive: true });
  const file = path.join(outside, `canary-${String(Math.random()).slice(2)}.ts`);
  await exec('mkfifo', [file]);
  return {
    file,
    watch: () => {
      let opened = false;
      const timer = setInterval(() => {
        try {
          closeSync(openSync(file, constants.O_WRONLY | constants.O_NONBLOCK));
          opened = true;
        } catch {
          // ENXIO: nobody is reading.
        }
      }, 5);
      return {
        stop: () => {
          clearInterval(timer);
          return opened;
        },
      };
    },
  };
}

/** A loopback server that counts connections and drops them. */
let server: Server;
let connections = 0;
let serverUrl = '';
beforeAll(async () => {
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
});

/** The hostile file, in a job folder of its own, as the pipeline would be handed it. */
async function hostile(name: string, content: string | Buffer): Promise<{ dir: string; file: string }> {
  const dir = await jobFolder(root());
  const file = path.join(dir, name);
  await writeFile(file, content);
  return { dir, file };
}

/** What a caller that skipped the probe could pass: a probe forcing a hostile demuxer, which -format_whitelist still refuses. */
function forced(format: string): { probe: MediaProbe } {
  return {
    probe: {
      durationSeconds: 2,
      container: null,
      videoCodec: 'h264',
      audioCodec: 'aac',
      width: 320,
      height: 240,
      frameRate: null,
      startTimecode: null,
      bitrate: null,
      size: 0,
      mimeType: null,
      format,
    },
  };
}

describe('a playlist or list that points elsewhere', () => {
  it.each([
    ['an HLS playlist of file:///etc/passwd', 'passwd.m3u8', playlist('file:///etc/passwd')],
    ['an ffconcat list of /etc/passwd', 'list.ffconcat', concatList('/etc/passwd')],
  ])('is refused: %s', async (_what, name, content) => {
    const { dir, file } = await hostile(name, content);

    const error = await expectMediaError(probeMedia(file), UNREADABLE);
    expect(error.detail).not.toContain('root:');
    expect(await readdir(dir)).toEqual([name]);
  });

  it.each([
    ['an HLS playlist named .mp4', 'clip.mp4', (target: string) => playlist(`file://${target}`), 'hls'],
    ['an HLS playlist', 'index.m3u8', (target: string) => playlist(target), 'hls'],
    ['an ffconcat list named .mov', 'edit.mov', concatList, 'concat'],
  ])('never opens the file outside the job folder that %s names', async (_what, name, content, demuxer) => {
    const target = await canary();
    const { dir, file } = await hostile(name, content(target.file));

    const watch = target.watch();
    await expectMediaError(probeMedia(file), UNREADABLE);
    await expectMediaError(renderVideo(file, dir, forced(demuxer)), 'The media could not be converted');
    expect(watch.stop()).toBe(false);
  });

  it.each([
    ['an HLS playlist named .mp4', 'clip.mp4', (url: string) => playlist(`${url}/segment.ts`), 'hls'],
    ['an ffconcat list', 'list.ffconcat', (url: string) => concatList(`${url}/clip.mp4`), 'concat'],
  ])('never connects to the address that %s names', async (_what, name, content, demuxer) => {
    const { dir, file } = await hostile(name, content(serverUrl));
    const before = connections;

    await expectMediaError(probeMedia(file), UNREADABLE);
    await expectMediaError(renderAudio(file, dir, forced(demuxer)), 'The media could not be converted');
    expect(connections).toBe(before);
  });

  // The controls: without the hardening the same files do reach out, so the checks above can fail.
  it('would let a bare ffprobe open the canary and call the server', async () => {
    const target = await canary();
    const { file: local } = await hostile('local.m3u8', playlist(target.file));
    const { file: remote } = await hostile('remote.m3u8', playlist(`${serverUrl}/segment.ts`));
    const before = connections;

    const watch = target.watch();
    await exec('ffprobe', ['-v', 'quiet', '-protocol_whitelist', 'file', local]).catch(() => undefined);
    expect(watch.stop()).toBe(true);
    await exec('ffprobe', ['-v', 'quiet', '-protocol_whitelist', 'file,http,tcp', remote]).catch(
      () => undefined,
    );
    expect(connections).toBeGreaterThan(before);
  });
});

describe('a file that lies about itself', () => {
  it.each([
    ['a PNG claiming 100000×100000', 'huge.png', () => pngClaiming(100_000, 100_000), '100000×100000'],
    ['a JPEG claiming 60000×60000', 'huge.jpg', () => jpegClaiming(60_000, 60_000), '60000×60000'],
  ])('is refused before decoding: %s', async (_what, name, content, size) => {
    const { dir, file } = await hostile(name, await content());

    await expectMediaError(probeMedia(file), UNREADABLE);
    const error = await expectMediaError(renderImage(file, dir), MESSAGES.pictureTooLarge);
    expect(error.detail).toMatch(new RegExp(`^${size};`));
    expect(await readdir(dir)).toEqual([name]);
  });

  it('refuses a truncated MP4', async () => {
    // Without faststart the index (moov) is at the end, so the first half has none.
    const whole = await readFile(await makeClip(path.join(root(), 'whole.mp4'), { seconds: 2 }));
    const { file } = await hostile('truncated.mp4', whole.subarray(0, whole.length / 2));

    await expectMediaError(probeMedia(file), UNREADABLE);
  });

  it('refuses a text file named .mp4, and sniffs it as no known type', async () => {
    const { file } = await hostile('holiday.mp4', 'Dear diary, today I uploaded a text file.\n');

    await expectMediaError(probeMedia(file), UNREADABLE);
    expect(await sniffFile(file)).toEqual({ mimeType: null, extension: null, kind: 'file' });
  });

  it('treats a PNG named .mp4 as the picture it is', async () => {
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const { dir, file } = await hostile('frame.mp4', png);

    expect(await sniffFile(file)).toEqual({ mimeType: 'image/png', extension: 'png', kind: 'image' });
    expect(await probeMedia(file)).toMatchObject({ format: 'png_pipe', width: 320, height: 240 });
    expect((await renderImage(file, dir)).files).toEqual(['preview.webp', 'thumbnail.webp']);
  });
});
