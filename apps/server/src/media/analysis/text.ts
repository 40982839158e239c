import { PassThrough } from 'node:stream';
import { MESSAGES } from '@skald/domain';
import { runFfmpeg, runTesseract, type RunOptions } from '../ffmpeg.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A line Tesseract read, boxes in fractions of the picture. */
export interface ReadLine {
  text: string;
  box: Box;
  words: { text: string; confidence: number; box: Box }[];
}

/** Tesseract's trained data for Norwegian, French and English (Debian tesseract-ocr-nor, -fra, -eng). */
export const OCR_LANGUAGES = 'nor+fra+eng';
/** Words Tesseract is less sure of than this (0–100) are noise: texture read as letters. */
const MIN_CONFIDENCE = 60;
// Pictures are read at most this wide: larger only slows Tesseract down.
const READ_WIDTH = 1920;
const TIMEOUT_MS = 120_000;

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** Lines of Tesseract's TSV report: its words grouped by block, paragraph and line. */
function parseTesseractTsv(tsv: string): ReadLine[] {
  let width = 1;
  let height = 1;
  const lines = new Map<
    string,
    { text: string; confidence: number; left: number; top: number; right: number; bottom: number }[]
  >();
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t');
    if (cells.length < 12) continue;
    const [level, , block, par, line, , left, top, w, h, conf] = cells.map(Number);
    const text = (cells[11] ?? '').trim();
    if (level === 1) {
      width = w || 1;
      height = h || 1;
    }
    if (level !== 5 || text === '' || (conf ?? 0) < MIN_CONFIDENCE) continue;
    const key = `${block}:${par}:${line}`;
    const words = lines.get(key) ?? [];
    words.push({
      text,
      confidence: conf ?? 0,
      left: left ?? 0,
      top: top ?? 0,
      right: (left ?? 0) + (w ?? 0),
      bottom: (top ?? 0) + (h ?? 0),
    });
    lines.set(key, words);
  }
  const box = (l: number, t: number, r: number, b: number): Box => ({
    x: round(l / width),
    y: round(t / height),
    width: round((r - l) / width),
    height: round((b - t) / height),
  });
  return [...lines.values()].map((words) => ({
    text: words.map((w) => w.text).join(' '),
    box: box(
      Math.min(...words.map((w) => w.left)),
      Math.min(...words.map((w) => w.top)),
      Math.max(...words.map((w) => w.right)),
      Math.max(...words.map((w) => w.bottom)),
    ),
    words: words.map((w) => ({
      text: w.text,
      confidence: Math.round(w.confidence),
      box: box(w.left, w.top, w.right, w.bottom),
    })),
  }));
}

export interface ReadOptions {
  jobDir: string;
  /** The original, the one file outside the job folder the tools may read. */
  inputFile?: string;
  signal?: AbortSignal;
}

/**
 * Reads the text in a picture with Tesseract, in a child process (niced, so the worker's event
 * loop and a transcode beside it are not held up). ffmpeg draws the picture as a grey PGM of at
 * most READ_WIDTH, whatever the original's format, into a pipe Tesseract reads: Tesseract loads
 * its three languages' models while ffmpeg draws, and no file is written and read back.
 */
export async function readText(picture: string, options: ReadOptions): Promise<ReadLine[]> {
  // Either tool failing stops the other; the first failure is the one reported.
  const stop = new AbortController();
  const run: RunOptions = {
    jobDir: options.jobDir,
    ...(options.inputFile ? { inputFile: options.inputFile } : {}),
    timeoutMs: TIMEOUT_MS,
    failureMessage: MESSAGES.textDetectionFailed,
    lowPriority: true,
    signal: options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal,
  };
  const pgm = new PassThrough();
  const draw = runFfmpeg(
    {
      inputs: [{ path: picture }],
      outputs: [
        ...['-frames:v', '1', '-vf', `scale='min(${READ_WIDTH},iw)':-2,format=gray`],
        ...['-f', 'image2pipe', '-c:v', 'pgm', 'pipe:1'],
      ],
    },
    { ...run, onStdout: (chunk) => pgm.write(chunk) },
  ).finally(() => pgm.end());
  try {
    const [, tsv] = await Promise.all([draw, runTesseract(pgm, OCR_LANGUAGES, run)]);
    return parseTesseractTsv(tsv);
  } finally {
    stop.abort();
  }
}
