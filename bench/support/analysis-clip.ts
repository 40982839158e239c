import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runTool } from './processes.ts';

// The clip of bench/analysis: six 10-second shots, each a different photograph with faces (from the
// vision engine package's own assets, cropped and scaled so the faces are large) on its own
// background colour, with a caption beside it; under them LibriVox sentences from Debian's
// pocketsphinx-testdata, each twice, a second apart, so someone speaks through the minute.

export const CLIP_SECONDS = 60;
const SHOT_SECONDS = 10;
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
export const HUMAN_ASSETS = path.join(
  path.dirname(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human'))),
  'assets',
);

/** Each shot: a crop (w:h:x:y) of one of the assets, shown at most 1000 × 960 on the left. */
const SHOTS = [
  { caption: 'STORTINGET', picture: 'samples.jpg', crop: '210:158:327:0', colour: '1d3557' },
  { caption: 'BUDSJETT 2027', picture: 'samples.jpg', crop: '150:157:162:0', colour: '6a040f' },
  { caption: 'Bonjour Oslo', picture: 'screenshot-facematch.jpg', crop: '535:105:535:395', colour: '1b4332' },
  { caption: 'Valgdagen', picture: 'screenshot-facedetect.jpg', crop: '782:155:8:345', colour: '3c096c' },
  { caption: 'Nyheter', picture: 'screenshot-faceid.jpg', crop: '140:140:14:141', colour: '7f4f24' },
  { caption: 'Direkte', picture: 'screenshot-facematch.jpg', crop: '168:168:0:24', colour: '495057' },
] as const;
export const CAPTIONS: readonly string[] = SHOTS.map((s) => s.caption);

/** What the analysis found in the clip. */
export interface Found {
  shots: number;
  /** The lines of text read, over all shots. */
  lines: string[];
  /** Faces per shot. */
  faces: number[];
  labels: number;
  words: number;
}

/** The sentences and how many words they hold (Debian's transcription of them), each said twice. */
async function speech(): Promise<{ files: string[]; words: number }> {
  const files = (await readdir(LIBRIVOX))
    .filter((f) => f.endsWith('.wav'))
    .sort()
    .map((f) => path.join(LIBRIVOX, f));
  const said = (await readFile(path.join(LIBRIVOX, 'transcription'), 'utf8'))
    .replace(/<\/?s>|\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return { files: [...files, ...files], words: 2 * said };
}

/** What falls far short of what the clip holds; empty when the analysis found it. */
export function shortfalls(found: Found, spokenWords: number): string[] {
  const short: string[] = [];
  if (Math.abs(found.shots - SHOTS.length) > 1) short.push(`${found.shots} shots of ${SHOTS.length}`);
  const read = CAPTIONS.filter((c) => found.lines.some((l) => l.toLowerCase().includes(c.toLowerCase())));
  if (read.length < SHOTS.length - 1) short.push(`captions read: ${read.length} of ${SHOTS.length}`);
  const withFaces = found.faces.filter((n) => n > 0).length;
  if (withFaces < SHOTS.length - 1) short.push(`faces in ${withFaces} shots of ${SHOTS.length}`);
  // Every shot shows a person (a COCO class).
  if (found.labels < SHOTS.length - 1) short.push(`${found.labels} labels`);
  if (found.words < spokenWords / 2) short.push(`${found.words} words of ${spokenWords} spoken`);
  return short;
}

/** Renders the clip as a 1080p H.264 MP4; answers how many words are spoken in it. */
export async function makeClip(file: string): Promise<{ spokenWords: number }> {
  const sound = await speech();
  const shots = SHOTS.map(
    (shot, i) =>
      `[${i}]crop=${shot.crop},scale=1000:960:force_original_aspect_ratio=decrease,setsar=1[p${i}];` +
      `color=c=0x${shot.colour}:s=1920x1080:r=25:d=${SHOT_SECONDS},` +
      `drawtext=fontfile=${FONT}:text='${shot.caption}':fontsize=80:fontcolor=white:x=1080+(840-tw)/2:y=(h-th)/2[b${i}];` +
      `[b${i}][p${i}]overlay=x=40+(1000-w)/2:y=(H-h)/2:shortest=1[s${i}];`,
  ).join('');
  const voices = sound.files.map((_, i) => `[${SHOTS.length + i}]apad=pad_dur=1[a${i}];`).join('');
  await runTool(
    'ffmpeg',
    [
      ...['-nostdin', '-y', '-loglevel', 'error'],
      ...SHOTS.flatMap((s) => [
        ...['-loop', '1', '-framerate', '25', '-t', String(SHOT_SECONDS)],
        ...['-i', path.join(HUMAN_ASSETS, s.picture)],
      ]),
      ...sound.files.flatMap((f) => ['-i', f]),
      '-filter_complex',
      `${shots}${SHOTS.map((_, i) => `[s${i}]`).join('')}concat=n=${SHOTS.length}:v=1:a=0,format=yuv420p[v];` +
        `${voices}${sound.files.map((_, i) => `[a${i}]`).join('')}concat=n=${sound.files.length}:v=0:a=1,apad[a]`,
      ...['-map', '[v]', '-map', '[a]', '-t', String(CLIP_SECONDS)],
      // ultrafast: making the clip is not what is measured, and the machine may be busy.
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', file],
    ],
    path.dirname(file),
  );
  return { spokenWords: sound.words };
}
