import { existsSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { MediaError } from '../media-error.ts';
import { runFfmpeg, runPocketsphinx, type RunOptions } from '../ffmpeg.ts';

export interface HeardWord {
  text: string;
  startMs: number;
  endMs: number;
  /** 0–100 */
  confidence: number;
}

export interface HeardSegment {
  startMs: number;
  endMs: number;
  text: string;
  words: HeardWord[];
}

/** Debian's pocketsphinx-en-us: the US English model pocketsphinx ships. */
export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const model = (dir: string) => ({
  hmm: path.join(dir, 'en-us'),
  dict: path.join(dir, 'cmudict-en-us.dict'),
  lm: path.join(dir, 'en-us.lm.bin'),
});

/** Whether the model's three parts are installed. */
const pocketsphinxModelInstalled = (dir = POCKETSPHINX_MODEL_DIR): boolean =>
  Object.values(model(dir)).every((p) => existsSync(p));

// Fillers pocketsphinx marks between words: not words anyone said.
const NOT_WORDS = new Set(['<s>', '</s>', '<sil>', '[NOISE]', '[SPEECH]', '[BREATH]', '[COUGH]']);
const TIMEOUT_PER_SECOND_MS = 4_000;
const MIN_TIMEOUT_MS = 60_000;

/**
 * Utterances of pocketsphinx_continuous's `-time yes` report: a word line is
 * `word start end confidence` (alternative pronunciations as `word(2)`); `<s>` opens an utterance.
 */
function parsePocketsphinx(report: string): HeardSegment[] {
  const segments: HeardSegment[] = [];
  let words: HeardWord[] = [];
  const close = () => {
    const first = words[0];
    const last = words[words.length - 1];
    if (first && last)
      segments.push({
        startMs: first.startMs,
        endMs: last.endMs,
        text: words.map((w) => w.text).join(' '),
        words,
      });
    words = [];
  };
  for (const line of report.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts.length !== 4) continue;
    const [token = '', start, end, confidence] = parts;
    const [startS, endS, p] = [Number(start), Number(end), Number(confidence)];
    if (![startS, endS, p].every(Number.isFinite)) continue;
    if (token === '<s>') close();
    if (NOT_WORDS.has(token)) continue;
    words.push({
      text: token.replace(/\(\d+\)$/, ''),
      startMs: Math.round(startS * 1000),
      endMs: Math.round(endS * 1000),
      confidence: Math.round(Math.max(0, Math.min(1, p)) * 100),
    });
  }
  close();
  return segments;
}

export interface HearOptions {
  jobDir: string;
  durationSeconds: number;
  signal?: AbortSignal;
  modelDir?: string;
}

/**
 * The recording's sound as 16 kHz mono, what speech engines read: WAV for pocketsphinx, FLAC (half
 * the bytes) to send to a service. Written into the job folder; answers its path.
 */
export async function speechAudio(
  file: string,
  format: 'wav' | 'flac',
  options: Omit<HearOptions, 'modelDir'>,
): Promise<string> {
  const output = path.join(options.jobDir, `speech.${format}`);
  await runFfmpeg(
    {
      inputs: [{ path: file }],
      outputs: ['-vn', '-ac', '1', '-ar', '16000', '-c:a', format === 'wav' ? 'pcm_s16le' : 'flac', output],
    },
    runOptions(file, options),
  );
  return output;
}

const runOptions = (file: string, options: Omit<HearOptions, 'modelDir'>): RunOptions => ({
  jobDir: options.jobDir,
  inputFile: file,
  timeoutMs: Math.max(MIN_TIMEOUT_MS, options.durationSeconds * TIMEOUT_PER_SECOND_MS),
  failureMessage: MESSAGES.transcriptionFailed,
  lowPriority: true,
  ...(options.signal ? { signal: options.signal } : {}),
});

/**
 * Transcribes the sound of a recording with pocketsphinx (English only): ffmpeg makes the 16 kHz
 * mono WAV it reads, pocketsphinx_continuous runs niced in a child process. No model: a clear
 * error, never an empty transcript.
 */
export async function hearSpeech(file: string, options: HearOptions): Promise<HeardSegment[]> {
  const dir = options.modelDir ?? POCKETSPHINX_MODEL_DIR;
  if (!pocketsphinxModelInstalled(dir))
    throw new MediaError(MESSAGES.speechModelMissing, { detail: `no pocketsphinx model in ${dir}` });
  const wav = await speechAudio(file, 'wav', options);
  return parsePocketsphinx(await runPocketsphinx(wav, model(dir), runOptions(file, options)));
}
