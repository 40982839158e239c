import { execFile } from 'node:child_process';
import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { CLIP_SECONDS, type DemoRecipe } from './demo-library.ts';

const run = promisify(execFile);

/** No generation of the demo takes longer than this on a busy machine. */
const TIMEOUT_MS = 60_000;

/** Debian's fonts-dejavu-core; other systems keep DejaVu elsewhere or not at all. */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
];

/** What the machine has to make the demo's media with. */
export interface MediaTools {
  /** The font the captions are drawn in; without one the clips and pictures have none. */
  font: string | null;
}

/** ffmpeg's presence and a caption font; undefined when ffmpeg cannot be run. */
export async function findMediaTools(): Promise<MediaTools | undefined> {
  try {
    await run('ffmpeg', ['-hide_banner', '-version'], { timeout: 10_000 });
  } catch {
    return undefined;
  }
  for (const font of FONT_CANDIDATES) {
    try {
      await access(font);
      return { font };
    } catch {
      // not this one
    }
  }
  return { font: null };
}

/** One caption line burned in, in the lower third, for the given time span (all of it without one). */
function drawCaption(font: string, textFile: string, span?: { from: number; to: number }): string {
  const enable = span ? `:enable='between(t,${span.from},${span.to})'` : '';
  // Paths of our own making: no quote, colon or backslash in them needs escaping.
  return (
    `drawtext=fontfile=${font}:textfile=${textFile}:fontcolor=white:fontsize=h/18` +
    `:box=1:boxcolor=black@0.6:boxborderw=10:x=(w-text_w)/2:y=h-text_h-h/12${enable}`
  );
}

async function captionFilters(
  dir: string,
  name: string,
  font: string | null,
  captions: readonly string[],
): Promise<string[]> {
  if (font === null) return [];
  const share = CLIP_SECONDS / captions.length;
  return Promise.all(
    captions.map(async (caption, index) => {
      const textFile = path.join(dir, `${name}.caption-${index}.txt`);
      await writeFile(textFile, caption);
      return drawCaption(
        font,
        textFile,
        captions.length > 1 ? { from: index * share, to: (index + 1) * share } : undefined,
      );
    }),
  );
}

async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], {
    timeout: TIMEOUT_MS,
  });
}

async function makeDocument(file: string, heading: string, lines: readonly string[]): Promise<void> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(heading);
  pdf.setCreator('Skald');
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  // A4 in points.
  const page = pdf.addPage([595.28, 841.89]);
  page.drawRectangle({ x: 0, y: 770, width: 595.28, height: 71.89, color: rgb(0.13, 0.2, 0.36) });
  page.drawText(heading, { x: 48, y: 796, size: 18, font: bold, color: rgb(1, 1, 1) });
  lines.forEach((line, index) => {
    page.drawText(line, { x: 48, y: 720 - index * 28, size: 13, font: regular });
  });
  await writeFile(file, await pdf.save());
}

/**
 * Makes one file of the demo library in `dir` (a folder of the caller's), from ffmpeg's generated
 * sources (lavfi) or, for the PDF, pdf-lib. Answers its path.
 */
export async function makeDemoFile(
  tools: MediaTools,
  dir: string,
  filename: string,
  recipe: DemoRecipe,
): Promise<string> {
  const file = path.join(dir, filename);
  switch (recipe.kind) {
    case 'clip': {
      const filters = await captionFilters(dir, filename, tools.font, recipe.captions);
      await ffmpeg([
        ...['-f', 'lavfi', '-i', recipe.picture, '-f', 'lavfi', '-i', recipe.sound],
        ...['-t', String(CLIP_SECONDS), ...(filters.length > 0 ? ['-vf', filters.join(',')] : [])],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', file],
      ]);
      break;
    }
    case 'still': {
      const filters = await captionFilters(dir, filename, tools.font, [recipe.caption]);
      await ffmpeg([
        ...['-f', 'lavfi', '-i', recipe.picture, '-frames:v', '1'],
        ...(filters.length > 0 ? ['-vf', filters.join(',')] : []),
        ...(filename.endsWith('.jpg') ? ['-q:v', '3'] : []),
        file,
      ]);
      break;
    }
    case 'sound':
      await ffmpeg([
        ...['-f', 'lavfi', '-i', recipe.sound],
        ...['-af', 'afade=t=in:d=0.5,afade=t=out:st=9:d=1', '-c:a', 'libmp3lame', '-b:a', '128k', file],
      ]);
      break;
    case 'document':
      await makeDocument(file, recipe.heading, recipe.lines);
      break;
  }
  return file;
}
