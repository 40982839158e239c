import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { runFfmpeg } from '../ffmpeg.ts';

/** A shot as found: its range, the cut's score (scdet's 0–100) and its keyframe in the job folder. */
export interface DetectedShot {
  startMs: number;
  endMs: number;
  score: number;
  keyframe: string;
}

export interface ShotOptions {
  jobDir: string;
  durationSeconds: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/**
 * scdet's threshold: a hard cut between two different pictures scores 8–15 at the analysis size,
 * a still picture's noise under 0.1, a pan or a fade 1–4.
 */
const CUT_THRESHOLD = 5;
// Cuts are looked for in small frames: as sure, and several times faster than at full size.
const ANALYSIS_WIDTH = 320;
const KEYFRAME_WIDTH = 640;
/** A shot shorter than this is a flash (a transition's frames), not a shot of its own. */
const MIN_SHOT_MS = 400;
/** At most this many shots: a strobe or noise would otherwise make a keyframe per frame. */
const MAX_SHOTS = 1_000;
const TIMEOUT_PER_SECOND_MS = 2_000;
const MIN_TIMEOUT_MS = 60_000;

const timeoutFor = (seconds: number) => Math.max(MIN_TIMEOUT_MS, seconds * TIMEOUT_PER_SECOND_MS);

/** The cuts scdet reported (seconds, score) from its metadata print. */
function parseCuts(report: string): { seconds: number; score: number }[] {
  const cuts: { seconds: number; score: number }[] = [];
  let score = 0;
  for (const line of report.split('\n')) {
    if (line.startsWith('lavfi.scd.score=')) score = Number(line.slice('lavfi.scd.score='.length));
    if (line.startsWith('lavfi.scd.time=')) {
      const seconds = Number(line.slice('lavfi.scd.time='.length));
      if (Number.isFinite(seconds)) cuts.push({ seconds, score });
    }
  }
  return cuts;
}

/** Shots from the cuts: each cut opens one, the first opens at 0; flashes fold into the shot before. */
function shotsOf(
  cuts: readonly { seconds: number; score: number }[],
  durationMs: number,
): Omit<DetectedShot, 'keyframe'>[] {
  const shots: Omit<DetectedShot, 'keyframe'>[] = [{ startMs: 0, endMs: durationMs, score: 0 }];
  for (const cut of cuts) {
    const at = Math.round(cut.seconds * 1000);
    const last = shots[shots.length - 1];
    if (!last || at - last.startMs < MIN_SHOT_MS || durationMs - at < MIN_SHOT_MS) continue;
    if (shots.length >= MAX_SHOTS) break;
    last.endMs = at;
    shots.push({ startMs: at, endMs: durationMs, score: Math.round(Math.min(100, cut.score)) });
  }
  return shots;
}

/**
 * Ffmpeg's scdet finds the cuts of a video; each shot gets its middle frame as a JPEG keyframe.
 * Runs niced: analysis gives way to transcoding.
 */
export async function detectShots(file: string, options: ShotOptions): Promise<DetectedShot[]> {
  const report = path.join(options.jobDir, 'cuts.txt');
  // Each keyframe is a short run of its own, with no progress to report.
  const keyframeRun = {
    jobDir: options.jobDir,
    inputFile: file,
    timeoutMs: MIN_TIMEOUT_MS,
    failureMessage: MESSAGES.sceneDetectionFailed,
    lowPriority: true,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const run = {
    ...keyframeRun,
    timeoutMs: timeoutFor(options.durationSeconds),
    durationSeconds: options.durationSeconds,
    ...(options.onProgress ? { onProgress: (f: number) => options.onProgress?.(f * 0.8) } : {}),
  };
  await runFfmpeg(
    {
      inputs: [{ path: file }],
      outputs: [
        '-an',
        '-vf',
        `scale=${ANALYSIS_WIDTH}:-2,scdet=threshold=${CUT_THRESHOLD},` +
          'metadata=mode=select:key=lavfi.scd.time,metadata=mode=print:file=cuts.txt',
        ...['-f', 'null', '-'],
      ],
    },
    run,
  );
  const shots = shotsOf(
    parseCuts(await readFile(report, 'utf8')),
    Math.round(options.durationSeconds * 1000),
  );
  const found: DetectedShot[] = [];
  for (const [index, shot] of shots.entries()) {
    const keyframe = path.join(options.jobDir, `keyframe-${String(index).padStart(4, '0')}.jpg`);
    await keyframeAt(file, (shot.startMs + shot.endMs) / 2000, keyframe, keyframeRun);
    found.push({ ...shot, keyframe });
    options.onProgress?.(0.8 + (0.2 * (index + 1)) / shots.length);
  }
  return found;
}

async function keyframeAt(
  file: string,
  seconds: number,
  output: string,
  run: Parameters<typeof runFfmpeg>[1],
): Promise<void> {
  await runFfmpeg(
    {
      inputs: [{ path: file, options: ['-ss', seconds.toFixed(3)] }],
      outputs: ['-frames:v', '1', '-vf', `scale='min(${KEYFRAME_WIDTH},iw)':-2`, '-q:v', '3', output],
    },
    run,
  );
}
