// Issue 14's analysis on a 1-minute 1080p clip with text on screen, faces and speech (six 10-second
// shots, each a different photograph with faces and a caption, over spoken LibriVox sentences:
// support/analysis-clip.ts): each engine through Skald's analysis code and bare with the same input,
// rounds alternating which goes first, and the whole default analysis (scenes, text, faces, labels,
// speech) against the clip's duration, with the CPU time it used and what it found — far less than
// the clip holds prints FOUND TOO LITTLE and fails the run, since timing an empty workload says
// nothing. The proxy: Skald's proxy render (renderVideo, as the media job runs it) of the clip alone,
// then again while a whole analysis runs beside it (an upload arriving during a long analysis; one
// waiting is kept from starting by the queue, test/jobs/job-queue.test.ts), as a ratio.
// Faces and labels: the vision engine's worker thread (decode by ffmpeg, pixels handed over) against
// the same ffmpeg decode and the engine called in this thread, on a 1080p picture with faces (the
// engine package's own samples.jpg scaled to 1920 px wide). Translation (Apertium nb→nn) of a
// 150-utterance transcript runs first: it needs no clip.
// Goals: the whole analysis ≤ 2 × the clip's duration on 2 cores; the proxy ready before the
// analysis beside it ends, ≤ 1.10 × alone; per engine ≤ 1.10 × bare. SKIP_ENGINES=1 leaves out
// the per-engine comparisons, SKIP_WHOLE=1 the whole analysis and the proxy.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apertiumTranslate } from '../apps/server/src/media/analysis/apertium.ts';
import { detectShots } from '../apps/server/src/media/analysis/scenes.ts';
import { hearSpeech, POCKETSPHINX_MODEL_DIR, speechAudio } from '../apps/server/src/media/analysis/speech.ts';
import { OCR_LANGUAGES, readText } from '../apps/server/src/media/analysis/text.ts';
import { parsePpm, VisionEngine } from '../apps/server/src/media/analysis/vision.ts';
import { detectPixels } from '../apps/server/src/media/analysis/vision-thread.ts';
import { ANALYSIS_NICENESS, niceThisThread } from '../apps/server/src/media/niceness.ts';
import { probeMedia } from '../apps/server/src/media/probe.ts';
import { renderVideo } from '../apps/server/src/media/video.ts';
import {
  CAPTIONS,
  CLIP_SECONDS,
  HUMAN_ASSETS,
  makeClip,
  shortfalls,
  type Found,
} from './support/analysis-clip.ts';
import { cpuSince, cpuNow } from './support/cpu.ts';
import { runTool } from './support/processes.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);

// Skald runs every analysis tool niced (ANALYSIS_NICENESS, docs/ANALYSIS.md); the bare engines run
// the same way, so a busy machine slows both alike and the ratio is the code's own overhead.
const bare = (tool: string, args: readonly string[], cwd: string): Promise<void> =>
  runTool('nice', ['-n', String(ANALYSIS_NICENESS), tool, ...args], cwd);

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const dir = await mkdtemp(path.join(tmpdir(), 'skald-bench-analysis-'));
let job = 0;
const jobDir = async () => {
  const folder = path.join(dir, `job-${++job}`);
  await mkdir(folder, { recursive: true });
  return folder;
};

/** ffmpeg's decode as the vision engine asks it, bare: a binary PPM of at most 1920 px on stdout. */
function decodeBare(file: string): Promise<Buffer> {
  const child = spawn(
    'nice',
    [
      '-n',
      String(ANALYSIS_NICENESS),
      'ffmpeg',
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      file,
      '-frames:v',
      '1',
    ].concat(['-vf', "scale='min(1920,iw)':-2", '-f', 'image2pipe', '-c:v', 'ppm', 'pipe:1']),
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`ffmpeg exited with ${code}`));
    });
  });
}

/** Skald's run and the bare engine, alternating which goes first; medians and their ratio. */
async function compare(name: string, ours: () => Promise<unknown>, engine: () => Promise<unknown>) {
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      a.push(await timed(ours));
      b.push(await timed(engine));
    } else {
      b.push(await timed(engine));
      a.push(await timed(ours));
    }
  }
  const ratio = median(a) / median(b);
  console.log(
    `${name}: Skald ${median(a).toFixed(2)} s, bare ${median(b).toFixed(2)} s, ratio ${ratio.toFixed(3)} (goal ≤ 1.10)`,
  );
}

/** A news transcript's worth of Bokmål: 150 utterances of about a dozen words. */
const BOKMAL = [
  'Regjeringen legger i dag fram statsbudsjettet for neste år i Stortinget.',
  'Hun kommer hjem i morgen tidlig etter et langt møte i Brussel.',
  'Finansministeren sier at budsjettet er stramt, men at skolene får mer penger.',
  'Opposisjonen mener forslaget ikke gjør nok for dem som bor i distriktene.',
  'Vi skal snakke med ordføreren om hva dette betyr for kommunen.',
];
const utterances = Array.from({ length: 150 }, (_, i) => BOKMAL[i % BOKMAL.length] ?? '');

try {
  // Apertium through Skald (one run for every utterance, lines kept apart) against apertium bare
  // on the same text file.
  if (!process.env.SKIP_ENGINES)
    await compare(
      'translation (Apertium nb→nn, 150 utterances)',
      async () => apertiumTranslate(utterances, 'nob-nno', { jobDir: await jobDir() }),
      async () => {
        const folder = await jobDir();
        await writeFile(path.join(folder, 'in.txt'), `${utterances.join('\n')}\n`);
        await bare('apertium', ['-u', 'nob-nno', 'in.txt', 'out.txt'], folder);
      },
    );

  const clip = path.join(dir, 'clip.mp4');
  const { spokenWords } = await makeClip(clip);
  console.log(
    `clip: 1920x1080, ${CLIP_SECONDS} s, ${CAPTIONS.length} shots with captions and faces, ${spokenWords} words spoken`,
  );

  // The whole default analysis, as the jobs run it one after the other.
  const vision = new VisionEngine();
  const wholeAnalysis = async (): Promise<Found> => {
    const found: Found = { shots: 0, lines: [], faces: [], labels: 0, words: 0 };
    const scenes = await jobDir();
    const shots = await detectShots(clip, { jobDir: scenes, durationSeconds: CLIP_SECONDS });
    found.shots = shots.length;
    const text = await jobDir();
    const textShots = await detectShots(clip, { jobDir: text, durationSeconds: CLIP_SECONDS });
    for (const shot of textShots)
      for (const line of await readText(shot.keyframe, { jobDir: text })) found.lines.push(line.text);
    // Person and label detection: a run each, on each shot's keyframe.
    for (const what of [
      { faces: true, objects: false },
      { faces: false, objects: true },
    ]) {
      const folder = await jobDir();
      for (const shot of await detectShots(clip, { jobDir: folder, durationSeconds: CLIP_SECONDS })) {
        const seen = await vision.look(shot.keyframe, { ...what, jobDir: folder, failureMessage: 'failed' });
        if (what.faces) found.faces.push(seen.faces.length);
        found.labels += seen.objects.length;
      }
    }
    const words = await hearSpeech(clip, { jobDir: await jobDir(), durationSeconds: CLIP_SECONDS });
    found.words = words.flatMap((s) => s.words).length;
    return found;
  };
  // The media job's proxy render (proxy, HLS, poster, thumbnail, strip) of the same clip.
  const probe = await probeMedia(clip);
  const proxy = async () => {
    const folder = await jobDir();
    await mkdir(path.join(folder, 'hls'), { recursive: true });
    await renderVideo(clip, folder, { probe });
  };

  if (!process.env.SKIP_WHOLE) {
    const cpu = cpuNow();
    let found: Found = { shots: 0, lines: [], faces: [], labels: 0, words: 0 };
    const whole = await timed(async () => {
      found = await wholeAnalysis();
    });
    const used = cpuSince(cpu);
    const faces = found.faces.reduce((sum, n) => sum + n, 0);
    console.log(
      `whole analysis: ${whole.toFixed(1)} s for a ${CLIP_SECONDS} s clip (${(whole / CLIP_SECONDS).toFixed(2)} × its duration, goal ≤ 2), ` +
        `CPU ${used.toFixed(1)} s (${(used / whole).toFixed(2)} cores); found ${found.shots} shots, ` +
        `${found.lines.length} lines of text (${found.lines.map((l) => JSON.stringify(l)).join(', ')}), ` +
        `${found.words} words, ${faces} faces (${found.faces.join('+')} by shot), ${found.labels} labels`,
    );
    // An empty workload would make any figure above meet its goal.
    const short = shortfalls(found, spokenWords);
    if (short.length > 0) {
      console.log(`FOUND TOO LITTLE: ${short.join('; ')}`);
      process.exitCode = 1;
    }
    const proxyCpu = cpuNow();
    const alone = await timed(proxy);
    console.log(`proxy alone: ${alone.toFixed(1)} s, CPU ${cpuSince(proxyCpu).toFixed(1)} s`);
    // A new upload while an analysis runs: the proxy starts 2 s into it.
    const analysing = wholeAnalysis().then(() => performance.now());
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const proxyStart = performance.now();
    const beside = await timed(proxy);
    const proxyEnd = performance.now();
    const analysisEnd = await analysing;
    console.log(
      `proxy beside a running analysis: ${beside.toFixed(1)} s, ratio ${(beside / alone).toFixed(3)} to alone (goal ≤ 1.10); ` +
        `ready ${proxyEnd <= analysisEnd ? 'before' : 'AFTER'} the analysis ended ` +
        `(${((analysisEnd - proxyStart) / 1000).toFixed(1)} s after the proxy started)`,
    );
  }
  // Per engine against the same engine called bare with the same input.
  if (!process.env.SKIP_ENGINES) await perEngine(clip, vision);
  await vision.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}

/** Each engine through Skald and bare, on the clip (and a photo) made above. */
async function perEngine(clip: string, vision: VisionEngine): Promise<void> {
  // The bare vision engine runs on this thread: as nice as Skald's vision thread.
  niceThisThread();
  // The bare side runs the same filter with the same threshold, then takes a keyframe in the middle
  // of each shot its cuts make, with the same scale and quality, one ffmpeg each, as Skald does.
  const cutsFilter =
    'scale=320:-2,scdet=threshold=5,metadata=mode=select:key=lavfi.scd.time,metadata=mode=print:file=cuts.txt';
  const shotsBare = async () => {
    const folder = await jobDir();
    await bare('ffmpeg', ['-nostdin', '-y', '-i', clip, '-an', '-vf', cutsFilter, '-f', 'null', '-'], folder);
    const cuts = (await readFile(path.join(folder, 'cuts.txt'), 'utf8'))
      .split('\n')
      .filter((l) => l.startsWith('lavfi.scd.time='))
      .map((l) => Number(l.slice('lavfi.scd.time='.length)));
    const bounds = [0, ...cuts, CLIP_SECONDS];
    for (let i = 1; i < bounds.length; i++) {
      const middle = ((bounds[i - 1] ?? 0) + (bounds[i] ?? 0)) / 2;
      await bare(
        'ffmpeg',
        ['-nostdin', '-y', '-ss', middle.toFixed(3), '-i', clip, '-frames:v', '1'].concat([
          '-vf',
          "scale='min(640,iw)':-2",
          '-q:v',
          '3',
          `k${i}.jpg`,
        ]),
        folder,
      );
    }
    return bounds.length - 1;
  };
  const [ours, theirs] = [
    await detectShots(clip, { jobDir: await jobDir(), durationSeconds: CLIP_SECONDS }),
    await shotsBare(),
  ];
  console.log(`scene cuts: Skald found ${ours.length} shots, bare ${theirs}`);
  await compare(
    'scene cuts (ffmpeg scdet pass and a keyframe per shot)',
    async () => detectShots(clip, { jobDir: await jobDir(), durationSeconds: CLIP_SECONDS }),
    shotsBare,
  );
  const frames = await jobDir();
  const picture = path.join(frames, 'frame.png');
  await bare(
    'ffmpeg',
    ['-nostdin', '-y', '-ss', '15', '-i', clip, '-frames:v', '1', '-vf', 'format=gray', picture],
    frames,
  );
  await compare(
    'text (Tesseract on one 1080p frame)',
    async () => readText(picture, { jobDir: frames }),
    async () => bare('tesseract', [picture, '-', '-l', OCR_LANGUAGES, 'tsv'], frames),
  );
  // Faces and labels: both sides warm (the thread loaded, the bare engine loaded) before timing.
  const photos = await jobDir();
  const photo = path.join(photos, 'photo.png');
  await bare(
    'ffmpeg',
    ['-nostdin', '-y', '-i', path.join(HUMAN_ASSETS, 'samples.jpg'), '-vf', 'scale=1920:-2', photo],
    photos,
  );
  for (const what of [
    { name: 'faces', faces: true, objects: false },
    { name: 'labels', faces: false, objects: true },
  ]) {
    const ours = () => vision.look(photo, { ...what, jobDir: photos, failureMessage: 'failed' });
    const engine = async () => detectPixels({ ...parsePpm(await decodeBare(photo)), ...what });
    const [a, b] = [await ours(), await engine()];
    console.log(
      `${what.name}: Skald found ${a.faces.length + a.objects.length}, bare ${b.faces.length + b.objects.length}`,
    );
    await compare(`${what.name} (vision engine on one 1080p photo)`, ours, engine);
  }

  const sound = await jobDir();
  const wav = await speechAudio(clip, 'wav', { jobDir: sound, durationSeconds: CLIP_SECONDS });
  const model = POCKETSPHINX_MODEL_DIR;
  await compare(
    'speech (pocketsphinx on the 60 s sound)',
    async () => hearSpeech(wav, { jobDir: await jobDir(), durationSeconds: CLIP_SECONDS }),
    async () => {
      await bare('ffmpeg', ['-nostdin', '-y', '-i', wav, '-ac', '1', '-ar', '16000', 'bare.wav'], sound);
      await bare(
        'pocketsphinx_continuous',
        [
          '-infile',
          'bare.wav',
          '-time',
          'yes',
          '-logfn',
          '/dev/null',
          '-hmm',
          `${model}/en-us`,
          '-dict',
          `${model}/cmudict-en-us.dict`,
          '-lm',
          `${model}/en-us.lm.bin`,
        ],
        sound,
      );
    },
  );
}
