// The proxy + HLS encode of a 1-minute 1080p clip, run as the bare ffmpeg command and through the
// media runner (spawn wiring, -progress parsing, stderr tail, timeout and abort), with exactly the
// same arguments (ffmpegArgs(proxyAndHlsCommand(...))), rounds alternating which goes first.
// Goal (issue 3): runner ≤ 1.05 × bare. The whole renderVideo (poster, thumbnail, strip as well)
// is timed once after, and printed apart.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegArgs, runFfmpeg } from '../apps/server/src/media/ffmpeg.ts';
import { probeMedia } from '../apps/server/src/media/probe.ts';
import { proxyAndHlsCommand, renderVideo } from '../apps/server/src/media/video.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = 60;
const TIMEOUT_MS = 30 * 60_000;

function ffmpegBare(args: readonly string[], cwd: string): Promise<void> {
  // Four descriptors: the arguments send -progress to fd 3, here /dev/null like the others.
  const child = spawn('ffmpeg', args, { cwd, stdio: ['ignore', 'ignore', 'ignore', 'ignore'] });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code}`));
    });
  });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const dir = await mkdtemp(path.join(tmpdir(), 'skald-bench-transcode-'));
try {
  const clip = path.join(dir, 'clip.mp4');
  const generating = await timed(() =>
    ffmpegBare(
      [
        ...['-nostdin', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=25:duration=${SECONDS}`],
        ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`],
        ...['-c:v', 'libx264', '-preset', 'fast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip],
      ],
      dir,
    ),
  );
  const probe = await probeMedia(clip);
  console.log(
    `clip: ${probe.width}x${probe.height} ${probe.videoCodec}/${probe.audioCodec}, ${probe.durationSeconds} s (made in ${generating.toFixed(1)} s)`,
  );

  const command = proxyAndHlsCommand(clip, probe);
  let job = 0;
  const jobDir = async () => {
    const folder = path.join(dir, `job-${++job}`);
    await mkdir(path.join(folder, 'hls'), { recursive: true });
    return folder;
  };
  const bare = async () => {
    const folder = await jobDir();
    return timed(() => ffmpegBare(ffmpegArgs(command), folder));
  };
  const viaRunner = async () => {
    const folder = await jobDir();
    let progressEvents = 0;
    const seconds = await timed(() =>
      runFfmpeg(command, {
        jobDir: folder,
        inputFile: clip,
        timeoutMs: TIMEOUT_MS,
        durationSeconds: probe.durationSeconds,
        onProgress: () => progressEvents++,
      }),
    );
    if (progressEvents === 0) throw new Error('the runner reported no progress');
    return seconds;
  };

  const bareRuns: number[] = [];
  const runnerRuns: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      bareRuns.push(await bare());
      runnerRuns.push(await viaRunner());
    } else {
      runnerRuns.push(await viaRunner());
      bareRuns.push(await bare());
    }
    console.log(
      `round ${round + 1}: bare ${bareRuns[round]?.toFixed(2)} s, runner ${runnerRuns[round]?.toFixed(2)} s`,
    );
  }
  const bareSeconds = median(bareRuns);
  const runnerSeconds = median(runnerRuns);
  const ratio = runnerSeconds / bareSeconds;
  // On a shared machine the fastest run is the one least disturbed by others.
  const bestRatio = Math.min(...runnerRuns) / Math.min(...bareRuns);
  console.log(`\nproxy + HLS, bare ffmpeg: ${bareSeconds.toFixed(2)} s (median of ${ROUNDS})`);
  console.log(`proxy + HLS, through the runner: ${runnerSeconds.toFixed(2)} s`);
  console.log(`ratio ${ratio.toFixed(3)} (goal ≤ 1.05) ${ratio <= 1.05 ? 'MET' : 'MISSED'}`);
  console.log(`ratio of the fastest runs ${bestRatio.toFixed(3)} ${bestRatio <= 1.05 ? 'MET' : 'MISSED'}`);
  console.log(`encode speed: ${(SECONDS / runnerSeconds).toFixed(1)}x real time`);

  const folder = await jobDir();
  const full = await timed(() => renderVideo(clip, folder, { probe }));
  console.log(
    `\nfull renderVideo (proxy, HLS, poster, thumbnail, strip): ${full.toFixed(2)} s, ` +
      `${(full - runnerSeconds).toFixed(2)} s over the encode`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
