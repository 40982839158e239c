// Rendering (issue 15), two measures, each against a baseline in the same run:
// 1. A 5-clip sequence of 1080p sources (60 s in all) exported through the web preset (H.264/AAC
//    MP4) as Skald runs it — each source probed, the clips cut, normalised and joined
//    (sequenceCommand) and run by the media runner with progress — against bare ffmpeg with exactly
//    the same arguments. Goal: overhead ≤ 5 %.
// 2. A re-wrap (stream copy to MOV, the rewrapMov recipe) of a large source against `cp` of the
//    same file on the same disk. Goal: ≥ 0.8 of cp's speed. REWRAP_GIB sets the size (2 by default).
// Rounds alternate which goes first; the machine's load is printed, as other work shares it.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegArgs } from '../apps/server/src/media/ffmpeg.ts';
import { probeMedia } from '../apps/server/src/media/probe.ts';
import { runRecipe, runSequence } from '../apps/server/src/media/recipe-run.ts';
import { sequenceCommand, type SequenceRenderRequest } from '../apps/server/src/media/sequence-recipe.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 1);
const REWRAP_GIB = Number(process.env.REWRAP_GIB ?? 2);
const CLIPS = 5;
const CLIP_SECONDS = 12;
const TIMEOUT_MS = 60 * 60_000;

function run(command: string, args: readonly string[], cwd: string): Promise<void> {
  // Four descriptors: ffmpeg's arguments send -progress to fd 3, here /dev/null like the others.
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe', 'ignore'] });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    err = (err + chunk.toString()).slice(-2000);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} exited with ${String(code)}: ${err}`));
    });
  });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const best = (xs: number[]) => Math.min(...xs);

const dir = await mkdtemp(path.join(tmpdir(), 'skald-bench-render-'));
try {
  // 1. The sequence.
  const sources: string[] = [];
  const made = await timed(async () => {
    for (let i = 0; i < CLIPS; i++) {
      const file = path.join(dir, `source-${String(i)}.mp4`);
      await run(
        'ffmpeg',
        [
          ...[
            '-nostdin',
            '-y',
            '-f',
            'lavfi',
            '-i',
            `testsrc2=size=1920x1080:rate=25:duration=${String(CLIP_SECONDS + 3)}`,
          ],
          ...[
            '-f',
            'lavfi',
            '-i',
            `sine=frequency=${String(300 + 100 * i)}:duration=${String(CLIP_SECONDS + 3)}`,
          ],
          ...[
            '-c:v',
            'libx264',
            '-preset',
            'ultrafast',
            '-pix_fmt',
            'yuv420p',
            '-c:a',
            'aac',
            '-shortest',
            file,
          ],
        ],
        dir,
      );
      sources.push(file);
    }
  });
  console.log(
    `${String(CLIPS)} sources of 1080p25, ${String(CLIP_SECONDS + 3)} s each, made in ${made.toFixed(1)} s; load ${load()}`,
  );

  let job = 0;
  const jobDir = async () => {
    const folder = path.join(dir, `job-${String(++job)}`);
    await mkdir(folder, { recursive: true });
    return folder;
  };
  // What the render job does per export: probe each source, then one ffmpeg run.
  const request = async (output: string): Promise<SequenceRenderRequest> => ({
    recipe: 'h264Mp4',
    startTimecode: null,
    output,
    clips: await Promise.all(
      sources.map(async (file, i) => ({
        input: file,
        probe: await probeMedia(file),
        // 12 s from a different point of each source (frames at 25 fps).
        range: { inFrame: 10 + 5 * i, outFrame: 10 + 5 * i + CLIP_SECONDS * 25 },
      })),
    ),
  });
  const bare = async () => {
    const folder = await jobDir();
    const command = sequenceCommand(await request(path.join(folder, 'out.mp4')));
    return timed(() => run('ffmpeg', ffmpegArgs(command), folder));
  };
  const skald = async () => {
    const folder = await jobDir();
    let progress = 0;
    const seconds = await timed(async () =>
      runSequence(await request(path.join(folder, 'out.mp4')), {
        jobDir: folder,
        inputFiles: sources,
        timeoutMs: TIMEOUT_MS,
        onProgress: () => progress++,
      }),
    );
    if (progress === 0) throw new Error('no progress was reported');
    const out = await probeMedia(path.join(folder, 'out.mp4'));
    if (Math.abs((out.durationSeconds ?? 0) - CLIPS * CLIP_SECONDS) > 0.1)
      throw new Error(`the export lasts ${String(out.durationSeconds)} s`);
    return seconds;
  };
  const bareRuns: number[] = [];
  const skaldRuns: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = load();
    if (round % 2 === 0) {
      bareRuns.push(await bare());
      skaldRuns.push(await skald());
    } else {
      skaldRuns.push(await skald());
      bareRuns.push(await bare());
    }
    console.log(
      `sequence round ${String(round + 1)}: bare ffmpeg ${bareRuns[round]?.toFixed(2) ?? ''} s, Skald ${skaldRuns[round]?.toFixed(2) ?? ''} s (load before ${before}, after ${load()})`,
    );
  }
  const ratio = best(skaldRuns) / best(bareRuns);
  console.log(
    `5-clip 1080p sequence (60 s) to the web preset: Skald ${best(skaldRuns).toFixed(2)} s, bare ${best(bareRuns).toFixed(2)} s, ` +
      `overhead ${((ratio - 1) * 100).toFixed(1)} % (goal ≤ 5 %) ${ratio <= 1.05 ? 'MET' : 'MISSED'}`,
  );
  for (const s of sources) await rm(s);
  await rm(path.join(dir, 'job-1'), { recursive: true, force: true });

  // 2. The re-wrap of a large source: a high-rate piece joined by stream copy to the size asked.
  const piece = path.join(dir, 'piece.mp4');
  await run(
    'ffmpeg',
    [
      ...['-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25:duration=10'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=10'],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-qp',
        '0',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        piece,
      ],
    ],
    dir,
  );
  const pieceBytes = (await stat(piece)).size;
  const copies = Math.max(1, Math.ceil((REWRAP_GIB * 2 ** 30) / pieceBytes));
  const list = path.join(dir, 'list.txt');
  await writeFile(list, Array.from({ length: copies }, () => `file '${piece}'`).join('\n'));
  const large = path.join(dir, 'large.mp4');
  await run('ffmpeg', ['-nostdin', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', large], dir);
  await rm(piece);
  const largeBytes = (await stat(large)).size;
  const probe = await probeMedia(large);
  console.log(
    `\nre-wrap source: ${(largeBytes / 2 ** 30).toFixed(2)} GiB, ${String(probe.durationSeconds)} s of 1080p H.264 (lossless); load ${load()}`,
  );
  const cpRuns: number[] = [];
  const rewrapRuns: number[] = [];
  const cp = async () => {
    const folder = await jobDir();
    const seconds = await timed(() => run('cp', [large, path.join(folder, 'copy.mp4')], folder));
    await rm(folder, { recursive: true, force: true });
    return seconds;
  };
  const rewrap = async () => {
    const folder = await jobDir();
    const seconds = await timed(() =>
      runRecipe(
        {
          recipe: 'rewrapMov',
          input: large,
          probe,
          range: null,
          startTimecode: null,
          output: path.join(folder, 'out.mov'),
        },
        { jobDir: folder, inputFile: large, timeoutMs: TIMEOUT_MS },
      ),
    );
    await rm(folder, { recursive: true, force: true });
    return seconds;
  };
  for (let round = 0; round < Math.max(ROUNDS, 2); round++) {
    if (round % 2 === 0) {
      cpRuns.push(await cp());
      rewrapRuns.push(await rewrap());
    } else {
      rewrapRuns.push(await rewrap());
      cpRuns.push(await cp());
    }
    console.log(
      `re-wrap round ${String(round + 1)}: cp ${cpRuns[round]?.toFixed(2) ?? ''} s, re-wrap ${rewrapRuns[round]?.toFixed(2) ?? ''} s (load ${load()})`,
    );
  }
  const speed = best(cpRuns) / best(rewrapRuns);
  const gib = largeBytes / 2 ** 30;
  console.log(
    `re-wrap to MOV: ${(gib / best(rewrapRuns)).toFixed(2)} GiB/s, cp ${(gib / best(cpRuns)).toFixed(2)} GiB/s: ` +
      `${speed.toFixed(2)} of cp's speed (goal ≥ 0.8) ${speed >= 0.8 ? 'MET' : 'MISSED'}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
