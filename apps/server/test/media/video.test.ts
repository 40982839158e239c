import { existsSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { probeMedia } from '../../src/media/probe.ts';
import { renderVideo } from '../../src/media/video.ts';
import {
  expectMediaError,
  ffmpeg,
  ffprobe,
  jobFolder,
  makeClip,
  stream,
  useTempFolder,
  type ClipOptions,
} from './fixtures.ts';

const root = useTempFolder();

async function render(name: string, clip: ClipOptions = {}) {
  const input = await makeClip(path.join(root(), `${name}.mp4`), clip);
  const dir = await jobFolder(root());
  const progress: number[] = [];
  const result = await renderVideo(input, dir, {
    probe: await probeMedia(input),
    onProgress: (fraction) => progress.push(fraction),
  });
  return { dir, result, progress };
}

/** Whether the moov box comes before mdat, so a player can start before the download ends. */
async function isFastStart(file: string): Promise<boolean> {
  const handle = await open(file);
  try {
    const head = Buffer.alloc(64 * 1024);
    await handle.read(head, 0, head.length, 0);
    const moov = head.indexOf('moov');
    const mdat = head.indexOf('mdat');
    return moov !== -1 && (mdat === -1 || moov < mdat);
  } finally {
    await handle.close();
  }
}

// Real ffmpeg encodes (sources up to 1080p): several times slower while the machine's two cores
// are busy with other suites, so 20 s ran out in a loaded run.
describe('renderVideo', { timeout: 90_000 }, () => {
  it('encodes once into an H.264/AAC proxy and an HLS rendition of 2-second segments', async () => {
    const { dir, result, progress } = await render('basic');

    const proxy = await ffprobe(path.join(dir, 'proxy.mp4'));
    expect(stream(proxy, 'video')).toMatchObject({ codec_name: 'h264', profile: 'High', pix_fmt: 'yuv420p' });
    expect(stream(proxy, 'video')).toMatchObject({ width: 320, height: 240 });
    expect(stream(proxy, 'audio')).toMatchObject({ codec_name: 'aac', channels: 2 });
    expect(await isFastStart(path.join(dir, 'proxy.mp4'))).toBe(true);

    const playlist = await readFile(path.join(dir, 'hls/index.m3u8'), 'utf8');
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((match) => Number(match[1]));
    expect(durations).toHaveLength(2);
    for (const duration of durations) expect(duration).toBeCloseTo(2, 1);
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const hls = await ffprobe(path.join(dir, 'hls/index.m3u8'));
    expect(hls.format.format_name).toBe('hls');
    expect(stream(hls, 'video')).toMatchObject({ codec_name: 'h264', width: 320, height: 240 });
    expect(stream(hls, 'audio')).toMatchObject({ codec_name: 'aac' });
    // Each segment starts on a keyframe with its own codec headers, so it decodes on its own.
    expect(stream(await ffprobe(path.join(dir, 'hls/seg-00002.ts')), 'video')).toMatchObject({ width: 320 });

    expect(result).toMatchObject({
      segmentCount: 2,
      segmentDuration: { numerator: 2, denominator: 1 },
      proxy: 'proxy.mp4',
      hlsPlaylist: 'hls/index.m3u8',
      poster: 'poster.jpg',
      thumbnail: 'thumbnail.webp',
    });
    expect(result.files).toEqual([
      'proxy.mp4',
      'hls/index.m3u8',
      'hls/seg-00001.ts',
      'hls/seg-00002.ts',
      'poster.jpg',
      'thumbnail.webp',
      'strip.jpg',
    ]);
    for (const file of result.files) expect(existsSync(path.join(dir, file))).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('writes a poster, a thumbnail and a strip with one tile a second', async () => {
    const { dir, result } = await render('stills', { seconds: 3.5 });

    expect(await sharp(path.join(dir, 'poster.jpg')).metadata()).toMatchObject({ width: 320, height: 240 });
    const thumbnail = await sharp(path.join(dir, 'thumbnail.webp')).metadata();
    expect(Math.max(thumbnail.width, thumbnail.height)).toBeLessThanOrEqual(320);
    expect(result.strip).toEqual({
      file: 'strip.jpg',
      columns: 4,
      rows: 1,
      tileWidth: 160,
      tileHeight: 120,
      count: 4,
      intervalSeconds: 1,
    });
    expect(await sharp(path.join(dir, 'strip.jpg')).metadata()).toMatchObject({ width: 640, height: 120 });
  });

  it('spaces the tiles of a long video so there are at most 100, in rows of 10', async () => {
    const { dir, result } = await render('long', { width: 64, height: 36, seconds: 150, audio: false });

    expect(result.strip).toMatchObject({
      intervalSeconds: 2,
      count: 75,
      columns: 10,
      rows: 8,
      tileHeight: 90,
    });
    expect(await sharp(path.join(dir, 'strip.jpg')).metadata()).toMatchObject({ width: 1600, height: 720 });
    expect(result.segmentCount).toBe(75);
  });

  const sizes: [string, ClipOptions, [number, number]][] = [
    ['an odd-sized picture (no audio)', { width: 321, height: 241, audio: false }, [320, 240]],
    ['a picture taller than 720', { width: 960, height: 800 }, [864, 720]],
    ['a picture wider than 1280 (no audio)', { width: 1600, height: 480, audio: false }, [1280, 384]],
    ['non-square pixels (PAL 16:9)', { width: 720, height: 576, videoFilters: 'setsar=64/45' }, [1024, 576]],
    ['a small picture without enlarging it', { width: 160, height: 90 }, [160, 90]],
  ];
  it.each(sizes)('fits %s inside 1280×720, with even sides and square pixels', async (_what, clip, size) => {
    const { dir } = await render(`size-${size.join('x')}`, { seconds: 1, ...clip });

    const proxy = await ffprobe(path.join(dir, 'proxy.mp4'));
    expect(stream(proxy, 'video')).toMatchObject({ width: size[0], height: size[1] });
    expect(stream(proxy, 'video')?.sample_aspect_ratio ?? '1:1').toBe('1:1');
    expect(stream(proxy, 'audio') !== undefined).toBe(clip.audio ?? true);
  });

  it('turns a video recorded rotated upright', async () => {
    const recorded = await makeClip(path.join(root(), 'recorded.mp4'), { seconds: 1 });
    // The rotation is container metadata (a display matrix); ffmpeg 5.1 sets it when copying only.
    const input = path.join(root(), 'rotated.mp4');
    await ffmpeg(['-i', recorded, '-c', 'copy', '-metadata:s:v', 'rotate=90', input]);
    const probe = await probeMedia(input);
    expect(probe).toMatchObject({ width: 240, height: 320 });

    const dir = await jobFolder(root());
    const result = await renderVideo(input, dir, { probe });

    expect(stream(await ffprobe(path.join(dir, 'proxy.mp4')), 'video')).toMatchObject({
      width: 240,
      height: 320,
    });
    expect(result.strip).toMatchObject({ tileWidth: 160, tileHeight: 214 });
  });

  it('refuses a file without video', async () => {
    const input = await makeClip(path.join(root(), 'audio-only.m4a'), { output: ['-vn'] });
    const probe = await probeMedia(input);

    await expectMediaError(
      renderVideo(input, await jobFolder(root()), { probe }),
      'The file contains no video',
    );
  });
});
