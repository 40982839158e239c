// Rendering (issue 15), two measures, each against a baseline in the same run:
// 1. A 5-clip sequence of 1080p sources (60 s in all) exported through the web preset (H.264/AAC
//    MP4) as Skald runs it — each source probed, the clips cut, normalised and joined
//    (sequenceCommand) and run by the media runner with progress — against bare ffmpeg with exactly
//    the same arguments. Goal: overhead ≤ 5 %.
// 2. A re-wrap (stream copy to MOV, the rewrapMov recipe) of a large source, timed six ways on the
//    same disk: `cp`; `cp` then fsync of the copy; bare ffmpeg with exactly Skald's arguments;
//    Skald's runner (the source probed, then the media runner with progress); Skald's render (the
//    runner with its file written behind as it grows, then handed to the blob store as the render
//    job hands it: a rename and an fsync); the whole-item render route's service end to end (POST
//    /items/{id}/renders without HTTP: checks, the new item, the queued render job, the file received
//    as its first version; bench/support/render-route.ts), against cp and cp + fsync. Goal: ≥ 0.8
//    of cp's speed — the runner against cp, the render (whose file is durable) against cp + fsync.
//    Each with the source in the page cache (there cp copies inside the kernel, ffmpeg through its
//    own memory) and on the disk only (its cached pages dropped before each way).
// REWRAP_GIB sets the re-wrap's size (2 by default), ROUNDS the rounds (re-wrap: at least 2), PARTS
// which measures run (`sequence,rewrap`), SOURCE where the re-wrap's source is (`cache,disk`).
// Rounds rotate which goes first; the machine's load is printed, as other work shares it.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegArgs } from '../apps/server/src/media/ffmpeg.ts';
import { probeMedia, type MediaProbe } from '../apps/server/src/media/probe.ts';
import { runRecipe, runSequence } from '../apps/server/src/media/recipe-run.ts';
import { recipeCommand, type RenderRequest } from '../apps/server/src/media/recipes.ts';
import { sequenceCommand, type SequenceRenderRequest } from '../apps/server/src/media/sequence-recipe.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { originalKey } from '../apps/server/src/modules/items/renditions.ts';
import { LocalBlobStore } from '../apps/server/src/storage/local-blob-store.ts';
import { writeBehind } from '../apps/server/src/storage/write-behind.ts';
import { renderRoute } from './support/render-route.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 1);
const REWRAP_GIB = Number(process.env.REWRAP_GIB ?? 2);
const PARTS = (process.env.PARTS ?? 'sequence,rewrap').split(',');
const SOURCE = (process.env.SOURCE ?? 'cache,disk').split(',');
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

async function durable(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  await handle.sync();
  await handle.close();
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
let job = 0;
const jobDir = async () => {
  const folder = path.join(dir, `job-${String(++job)}`);
  await mkdir(folder, { recursive: true });
  return folder;
};

/** 1. The sequence. */
async function sequenceBench(): Promise<void> {
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
}

/** 2. The re-wrap of a large source: a high-rate piece joined by stream copy to the size asked. */
async function rewrapBench(): Promise<void> {
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
  // On the disk before any way is timed: its 2 GiB still waiting to be written out would make the
  // kernel throttle whichever way writes next (dirty_ratio), and cp came out 0.5–4 s.
  await durable(large);
  const largeBytes = (await stat(large)).size;
  const probe = await probeMedia(large);
  console.log(
    `\nre-wrap source: ${(largeBytes / 2 ** 30).toFixed(2)} GiB, ${String(probe.durationSeconds)} s of 1080p H.264 (lossless); load ${load()}`,
  );
  // The store the render job hands its file to (ItemIntake.receive → putFile with move): on the
  // same disk as the job folders, as DATA_DIR/work and DATA_DIR/blobs are.
  const blobs = new LocalBlobStore(path.join(dir, 'blobs'));
  await blobs.init();
  // The whole-item render route's service on a real app (embedded database and queue, local store
  // on the same disk), the source its item's original.
  const route = await renderRoute(path.join(dir, 'data'), large, probe);
  try {
    await rewrapWays(large, largeBytes, probe, blobs, route);
  } finally {
    await route.close();
  }
}

/** The re-wrap timed each way, with the source in the page cache and on the disk only. */
async function rewrapWays(
  large: string,
  largeBytes: number,
  probe: MediaProbe,
  blobs: LocalBlobStore,
  route: Awaited<ReturnType<typeof renderRoute>>,
): Promise<void> {
  const rewrapRequest = (output: string, sourceProbe: typeof probe): RenderRequest => ({
    recipe: 'rewrapMov',
    input: large,
    probe: sourceProbe,
    range: null,
    startTimecode: null,
    output,
  });
  /** Runs one way of making the copy in a fresh folder, timed; the folder goes afterwards. */
  const inFolder = async (work: (folder: string) => Promise<unknown>) => {
    const folder = await jobDir();
    const seconds = await timed(() => work(folder));
    await rm(folder, { recursive: true, force: true });
    return seconds;
  };
  // What the render job does around ffmpeg: probe the source, run the recipe through the media
  // runner (progress, stderr tail, timeout); answers the file made.
  const skaldRun = async (folder: string) => {
    let progress = 0;
    const output = path.join(folder, 'out.mov');
    await runRecipe(rewrapRequest(output, await probeMedia(large)), {
      jobDir: folder,
      inputFile: large,
      timeoutMs: TIMEOUT_MS,
      onProgress: () => progress++,
    });
    if (progress === 0) throw new Error('no progress was reported');
    return output;
  };
  const ways: Record<string, () => Promise<number>> = {
    cp: () => inFolder((folder) => run('cp', [large, path.join(folder, 'copy.mp4')], folder)),
    'cp + fsync': () =>
      inFolder(async (folder) => {
        await run('cp', [large, path.join(folder, 'copy.mp4')], folder);
        await durable(path.join(folder, 'copy.mp4'));
      }),
    'bare ffmpeg': () =>
      inFolder(async (folder) => {
        const args = ffmpegArgs(recipeCommand(rewrapRequest(path.join(folder, 'out.mov'), probe)));
        await run('ffmpeg', args, folder);
      }),
    'Skald runner': () => inFolder(skaldRun),
    // As the render job does it for the local store: the file written behind as it grows, then
    // handed to the blob store (ItemIntake.receive: a rename and an fsync).
    'Skald render': async () => {
      const key = originalKey(newId(), newId(), newId());
      const seconds = await inFolder(async (folder) => {
        const stopWriteBehind = writeBehind(path.join(folder, 'out.mov'));
        const output = await skaldRun(folder).finally(stopWriteBehind);
        await blobs.putFile(key, output, { move: true, contentType: 'video/quicktime' });
      });
      await blobs.delete(key);
      return seconds;
    },
    // The route's service end to end: checks, the new item and its render row, the queued job, the
    // render as above, the file received as the item's first version.
    'Skald route': () => route.render('rewrap-mov'),
  };
  // Where each way finds the source: in the page cache (a file just written), or on the disk only
  // (a stored original read again later), its cached pages dropped first (dd's nocache: fadvise
  // DONTNEED on this one file).
  const places: Record<string, { label: string; prepare: () => Promise<void> }> = {
    cache: { label: 'in the page cache', prepare: () => run('cat', [large], dir) },
    disk: {
      label: 'on the disk',
      prepare: () => run('dd', [`if=${large}`, 'iflag=nocache', 'count=0', 'status=none'], dir),
    },
  };
  for (const [key, { label: place, prepare }] of Object.entries(places)) {
    if (!SOURCE.includes(key)) continue;
    console.log(`\nsource ${place}:`);
    const runs = new Map<string, number[]>(Object.keys(ways).map((name) => [name, []]));
    for (let round = 0; round < Math.max(ROUNDS, 2); round++) {
      // Each round starts with the next one, so none always has the disk first.
      const names = Object.keys(ways);
      const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
      const line: string[] = [];
      for (const name of order) {
        await prepare();
        const seconds = await ways[name]?.();
        if (seconds === undefined) continue;
        runs.get(name)?.push(seconds);
        line.push(`${name} ${seconds.toFixed(2)} s`);
      }
      console.log(`re-wrap round ${String(round + 1)}: ${line.join(', ')} (load ${load()})`);
    }
    const gib = largeBytes / 2 ** 30;
    const fastest = (name: string) => best(runs.get(name) ?? []);
    for (const name of runs.keys())
      console.log(`  ${name}: ${fastest(name).toFixed(2)} s, ${(gib / fastest(name)).toFixed(2)} GiB/s`);
    const of = (name: string, baseline: string) => fastest(baseline) / fastest(name);
    const verdict = (speed: number) => `(goal ≥ 0.8) ${speed >= 0.8 ? 'MET' : 'MISSED'}`;
    console.log(
      `re-wrap to MOV, source ${place}: bare ffmpeg ${of('bare ffmpeg', 'cp').toFixed(2)} of cp's speed; ` +
        `Skald's runner ${of('Skald runner', 'cp').toFixed(2)} of cp's speed ${verdict(of('Skald runner', 'cp'))}, ` +
        `${(fastest('Skald runner') / fastest('bare ffmpeg')).toFixed(2)} × bare ffmpeg's time; ` +
        `Skald's render into the blob store ${of('Skald render', 'cp + fsync').toFixed(2)} of cp + fsync's speed ` +
        verdict(of('Skald render', 'cp + fsync')),
    );
    console.log(
      `whole-item render route (re-wrap to MOV), source ${place}: ${of('Skald route', 'cp').toFixed(2)} of cp's speed, ` +
        `${of('Skald route', 'cp + fsync').toFixed(2)} of cp + fsync's speed; ` +
        `${(fastest('Skald route') - fastest('Skald render')).toFixed(2)} s beyond Skald's render`,
    );
  }
}

try {
  if (PARTS.includes('sequence')) await sequenceBench();
  if (PARTS.includes('rewrap')) await rewrapBench();
} finally {
  await rm(dir, { recursive: true, force: true });
}
