import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, type StripGeometry as StripLayout } from '@skald/domain';
import sharp from 'sharp';
import { runFfmpeg, type FfmpegCommand, type RunOptions } from './ffmpeg.ts';
import { renderTimeoutMs } from './limits.ts';
import { MediaError } from './media-error.ts';
import { probeMedia, type MediaProbe } from './probe.ts';
import { THUMBNAIL, writeThumbnail, type RenderOptions } from './render.ts';

const PROXY = 'proxy.mp4';
const HLS_PLAYLIST = 'hls/index.m3u8';
const POSTER = 'poster.jpg';
const STRIP = 'strip.jpg';
const SEGMENT_SECONDS = 2;
const MAX_TILES = 100;
const STRIP_COLUMNS = 10;
const TILE_WIDTH_PX = 160;
/** The encode is nearly all of the work; the poster and the strip decode only a few frames. */
const ENCODE_SHARE = 0.9;

/** The strip as rendered: its layout and the sprite's file, relative to the output folder. */
export interface StripGeometry extends StripLayout {
  file: string;
}

export interface VideoRenditions {
  /** Every file written, relative to the output folder. */
  files: string[];
  segmentCount: number;
  segmentDuration: { numerator: number; denominator: number };
  strip: StripGeometry;
  poster: string;
  proxy: string;
  hlsPlaylist: string;
  thumbnail: string;
}

/**
 * Fit inside 1280×720 as displayed (sample aspect ratio applied), never enlarge, even sides (4:2:0
 * needs them). Interlaced frames (DV, broadcast MXF) are deinterlaced; progressive ones pass as is.
 */
const FIT = 'min(min(1280/(iw*sar),720/ih),1)';
const VIDEO_FILTERS = [
  'yadif=deint=interlaced',
  `scale=w='max(2,trunc(${FIT}*iw*sar/2)*2)':h='max(2,trunc(${FIT}*ih/2)*2)'`,
  'setsar=1',
  'format=yuv420p',
].join(',');

/**
 * One encode written twice by the tee muxer: the progressive proxy and the HLS rendition share
 * every frame, so the source is decoded and encoded once. Output names are relative to the job
 * folder, which is the working directory.
 */
export function proxyAndHlsCommand(input: string, probe: Pick<MediaProbe, 'format'>): FfmpegCommand {
  const hls = [
    'f=hls',
    `hls_time=${SEGMENT_SECONDS}`,
    'hls_list_size=0',
    'hls_playlist_type=vod',
    'start_number=1',
    'hls_segment_filename=hls/seg-%05d.ts',
  ].join(':');
  return {
    inputs: [{ path: input, format: probe.format }],
    outputs: [
      // V, not v: cover art and thumbnails are video streams too.
      ...['-map', '0:V:0', '-map', '0:a:0?', '-map_metadata', '-1', '-map_chapters', '-1'],
      ...['-vf', VIDEO_FILTERS, '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high'],
      ...['-crf', '23', '-maxrate', '4M', '-bufsize', '8M'],
      // A keyframe on every segment boundary, so every segment is exactly 2 s and starts clean.
      ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`],
      ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
      // Both muxers take the codec headers out of band (mp4's avcC; mpegts re-inserts them).
      ...['-flags', '+global_header', '-f', 'tee'],
      `[f=mp4:movflags=+faststart]${PROXY}|[${hls}]${HLS_PLAYLIST}`,
    ],
  };
}

export async function renderVideo(
  input: string,
  outDir: string,
  options: RenderOptions,
): Promise<VideoRenditions> {
  const { probe, signal } = options;
  if (!probe.videoCodec) throw new MediaError(MESSAGES.fileHasNoVideo);
  const run: RunOptions = {
    jobDir: outDir,
    inputFile: input,
    timeoutMs: options.timeoutMs ?? renderTimeoutMs(probe.durationSeconds),
    signal,
  };
  await mkdir(path.join(outDir, 'hls'), { recursive: true });
  await runFfmpeg(proxyAndHlsCommand(input, probe), {
    ...run,
    durationSeconds: probe.durationSeconds,
    onProgress: (fraction) => options.onProgress?.(fraction * ENCODE_SHARE),
  });

  // The proxy, not the source, gives the timing and size of what is shown: square pixels, rotated.
  const proxy = await probeMedia(path.join(outDir, PROXY), { signal });
  const duration = proxy.durationSeconds ?? 0;
  await runFfmpeg(
    {
      inputs: [
        { path: path.join(outDir, PROXY), format: proxy.format, options: ['-ss', String(duration / 10)] },
      ],
      outputs: ['-map', '0:V:0', '-frames:v', '1', '-q:v', '3', '-update', '1', POSTER],
    },
    run,
  );
  await writeThumbnail(sharp(path.join(outDir, POSTER)), outDir);
  const strip = await renderStrip(outDir, proxy, run);

  const segments = (await readdir(path.join(outDir, 'hls')))
    .filter((name) => /^seg-\d+\.ts$/.test(name))
    .sort();
  options.onProgress?.(1);
  return {
    files: [PROXY, HLS_PLAYLIST, ...segments.map((name) => `hls/${name}`), POSTER, THUMBNAIL, STRIP],
    segmentCount: segments.length,
    segmentDuration: { numerator: SEGMENT_SECONDS, denominator: 1 },
    strip,
    poster: POSTER,
    proxy: PROXY,
    hlsPlaylist: HLS_PLAYLIST,
    thumbnail: THUMBNAIL,
  };
}

/**
 * A sprite of tiles, one every `intervalSeconds` from 0, at most MAX_TILES. ffmpeg hands the tiles
 * over as raw frames, so their number is what it really decoded (a container's duration can run
 * past the last frame), and sharp lays them out.
 */
async function renderStrip(outDir: string, proxy: MediaProbe, run: RunOptions): Promise<StripGeometry> {
  const duration = proxy.durationSeconds ?? 0;
  // Past MAX_TILES seconds the interval is even, so every tile falls on one of the proxy's forced
  // keyframes (one each 2 s) and only keyframes need decoding.
  const intervalSeconds =
    duration <= MAX_TILES ? 1 : SEGMENT_SECONDS * Math.ceil(duration / (SEGMENT_SECONDS * MAX_TILES));
  const tileWidth = TILE_WIDTH_PX;
  const tileHeight = Math.max(2, Math.round((tileWidth * (proxy.height ?? 0)) / (proxy.width ?? 1) / 2) * 2);
  const chunks: Buffer[] = [];
  await runFfmpeg(
    {
      inputs: [
        {
          path: path.join(outDir, PROXY),
          format: proxy.format,
          options: intervalSeconds % SEGMENT_SECONDS === 0 ? ['-skip_frame', 'nokey'] : [],
        },
      ],
      outputs: [
        ...[
          '-map',
          '0:V:0',
          '-vf',
          `select='gte(t,selected_n*${intervalSeconds})',scale=${tileWidth}:${tileHeight}`,
        ],
        ...[
          '-fps_mode',
          'passthrough',
          '-frames:v',
          String(MAX_TILES),
          '-f',
          'rawvideo',
          '-pix_fmt',
          'rgb24',
        ],
        'pipe:1',
      ],
    },
    { ...run, onStdout: (chunk) => chunks.push(chunk) },
  );
  const frames = Buffer.concat(chunks);
  const tileBytes = tileWidth * tileHeight * 3;
  const count = Math.floor(frames.length / tileBytes);
  if (count === 0) throw new MediaError(MESSAGES.videoHasNoPictures);
  const columns = Math.min(STRIP_COLUMNS, count);
  const rows = Math.ceil(count / columns);
  await sharp({
    create: { width: columns * tileWidth, height: rows * tileHeight, channels: 3, background: '#000' },
  })
    .composite(
      Array.from({ length: count }, (_, index) => ({
        input: frames.subarray(index * tileBytes, (index + 1) * tileBytes),
        raw: { width: tileWidth, height: tileHeight, channels: 3 as const },
        left: (index % columns) * tileWidth,
        top: Math.floor(index / columns) * tileHeight,
      })),
    )
    .jpeg({ quality: 75 })
    .toFile(path.join(outDir, STRIP));
  return { file: STRIP, columns, rows, tileWidth, tileHeight, count, intervalSeconds };
}
