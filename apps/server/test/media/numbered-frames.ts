import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpeg } from './fixtures.ts';

const exec = promisify(execFile);
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
/** The size frames are compared at: the burned-in number fills most of it. */
const W = 160;
const H = 90;

/**
 * A clip whose every frame carries its number, large and white on grey (ffmpeg's drawtext with
 * %{frame_num}), with a tone, as H.264 with a keyframe every 50 frames: a cut between keyframes
 * must decode from the one before and drop the frames up to the in point.
 */
export async function makeNumberedClip(file: string, frames: number, rate = '25'): Promise<string> {
  const [numerator = 25, denominator = 1] = rate.split('/').map(Number);
  const seconds = 1 + Math.ceil((frames * denominator) / numerator);
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `color=c=gray:size=640x360:rate=${rate}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...[
      '-vf',
      `drawtext=fontfile=${FONT}:text=%{frame_num}:fontsize=240:fontcolor=white:x=(w-tw)/2:y=(h-th)/2`,
    ],
    ...[
      '-frames:v',
      String(frames),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-g',
      '50',
      '-pix_fmt',
      'yuv420p',
    ],
    ...['-c:a', 'aac', '-ac', '2', '-shortest', file],
  ]);
  return file;
}

/** Every frame of a file decoded, shrunk and grey: one buffer each, in order. */
export async function decodedFrames(file: string): Promise<Buffer[]> {
  const { stdout } = await exec(
    'ffmpeg',
    [
      '-v',
      'error',
      '-i',
      file,
      '-map',
      '0:V:0',
      '-vf',
      `scale=${W}:${H},format=gray`,
      '-f',
      'rawvideo',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
  );
  const size = W * H;
  const frames: Buffer[] = [];
  for (let at = 0; at + size <= stdout.length; at += size) frames.push(stdout.subarray(at, at + size));
  return frames;
}

const distance = (a: Buffer, b: Buffer): number => {
  let sum = 0;
  for (const [i, value] of a.entries()) sum += Math.abs(value - (b[i] ?? 0));
  return sum;
};

/** The source frame a decoded frame shows: the one it differs least from, among `candidates`. */
export function closestFrame(frame: Buffer, source: Buffer[], candidates: Iterable<number>): number {
  let best = -1;
  let bestDistance = Infinity;
  for (const index of candidates) {
    const candidate = source[index];
    if (candidate === undefined) continue;
    const d = distance(frame, candidate);
    if (d < bestDistance) [best, bestDistance] = [index, d];
  }
  return best;
}

export const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from }, (_, i) => from + i);
