import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import { MESSAGES } from '@skald/domain';
import { MAX_PIXELS } from './limits.ts';
import { MediaError } from './media-error.ts';
import { ANALYSIS_NICENESS } from './niceness.ts';

/**
 * The demuxers ffmpeg and ffprobe may use. Each reads only the one file it is given: playlists and
 * indirections (hls, dash, concat), network demuxers (rtsp, sdp, rtp) and devices are left out,
 * since they open whatever the file names. ffmpeg checks the format it detected against this list,
 * whatever the file is called, so a playlist renamed .mp4 is refused too.
 */
export const DEMUXER_WHITELIST: readonly string[] = [
  ...['mov', 'matroska', 'avi', 'mpegts', 'mpeg', 'mxf', 'asf', 'flv', 'dv', 'ogg', 'mpegvideo'],
  ...['wav', 'w64', 'mp3', 'aac', 'ac3', 'eac3', 'flac', 'aiff', 'caf', 'amr'],
  // image2 reads one file unless its name holds a %d pattern, and job paths never do.
  ...['image2', 'gif', 'bmp_pipe', 'jpeg_pipe', 'png_pipe', 'tiff_pipe', 'webp_pipe', 'svg_pipe'],
  ...['psd_pipe', 'gif_pipe', 'j2k_pipe', 'jpegxl_pipe', 'dpx_pipe', 'exr_pipe', 'qoi_pipe'],
];

/** Inputs are files and outputs files or our own pipes; nothing is fetched from a network. */
const PROTOCOL_WHITELIST = 'file,pipe';
const STDERR_TAIL_CHARS = 4_000;

export interface FfmpegInput {
  path: string;
  /** The demuxer to force, as a probe reported it: ffmpeg then does not guess from the content. */
  format?: string;
  /** Input options, placed before `-i` (`-ss`, `-skip_frame`). */
  options?: readonly string[];
}

/** `outputs` is everything after the inputs: maps, filters, codecs and the output names. */
export interface FfmpegCommand {
  inputs: readonly FfmpegInput[];
  outputs: readonly string[];
}

export interface RunOptions {
  /** The job's own folder: the working directory, where outputs go and inputs may come from. */
  jobDir: string;
  /** The one input allowed outside the job folder: the original being processed. */
  inputFile?: string;
  /** More inputs allowed outside the job folder: the originals a sequence joins. */
  inputFiles?: readonly string[];
  timeoutMs: number;
  signal?: AbortSignal;
  /** Turns ffmpeg's out_time into the fraction `onProgress` receives. */
  durationSeconds?: number | null;
  onProgress?: (fraction: number) => void;
  onStdout?: (chunk: Buffer) => void;
  /** What the tool reads on its standard input (another tool's output); none when absent. */
  stdin?: Readable;
  /** The user-facing message when the tool exits with an error. */
  failureMessage?: string;
  /** Run niced (analysis), so transcoding's tools get the processors first. */
  lowPriority?: boolean;
}

function inputArgs(input: FfmpegInput): string[] {
  return [
    ...(input.options ?? []),
    // Decoders refuse frames over the limit before allocating them, whatever the probe saw.
    ...['-max_pixels', String(MAX_PIXELS)],
    ...['-protocol_whitelist', PROTOCOL_WHITELIST, '-format_whitelist', DEMUXER_WHITELIST.join(',')],
    ...(input.format ? ['-f', input.format] : []),
    // The file: prefix keeps a name from being read as another protocol ("concat:", "http:").
    ...['-i', `file:${path.resolve(input.path)}`],
  ];
}

/** The exact ffmpeg arguments `runFfmpeg` runs; progress goes to fd 3, leaving stdout for data. */
export function ffmpegArgs(command: FfmpegCommand): string[] {
  return [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-nostats', '-y', '-progress', 'pipe:3'],
    ...command.inputs.flatMap(inputArgs),
    ...command.outputs,
  ];
}

export function ffprobeArgs(input: FfmpegInput): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-print_format', 'json', '-show_format', '-show_streams'],
    ...inputArgs(input),
  ];
}

export async function runFfmpeg(command: FfmpegCommand, options: RunOptions): Promise<void> {
  assertInputsAllowed(command.inputs, options);
  await run('ffmpeg', ffmpegArgs(command), options);
}

/** ffprobe's JSON report of one input, as text. */
export async function runFfprobe(input: FfmpegInput, options: RunOptions): Promise<string> {
  assertInputsAllowed([input], options);
  const chunks: Buffer[] = [];
  await run('ffprobe', ffprobeArgs(input), { ...options, onStdout: (chunk) => chunks.push(chunk) });
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * libheif's decoder (Debian's libheif-examples) writes the primary picture of a HEIC/HEIF file as
 * PNG into the job folder: sharp's prebuilt libvips reads AVIF only, and ffmpeg 5 has no HEIF
 * demuxer. A file holding several pictures gives `<name>-1.png`, … instead.
 */
export async function runHeifConvert(input: string, output: string, options: RunOptions): Promise<void> {
  assertInputsAllowed([{ path: input }, { path: output }], options);
  await run('heif-convert', ['--quiet', path.resolve(input), path.resolve(output)], options);
}

/**
 * poppler's pdftoppm (Debian's poppler-utils) draws the first page of a PDF as `<outputBase>.png`
 * in the job folder, scaled to fit `sidePx`.
 */
export async function runPdfFirstPage(
  input: string,
  outputBase: string,
  sidePx: number,
  options: RunOptions,
): Promise<void> {
  assertInputsAllowed([{ path: input }, { path: outputBase }], options);
  const args = ['-png', '-singlefile', '-f', '1', '-l', '1', '-scale-to', String(sidePx)];
  await run('pdftoppm', [...args, path.resolve(input), path.resolve(outputBase)], options);
}

/**
 * Tesseract (Debian's tesseract-ocr) reads a picture (PNM, PNG, JPEG) from a stream, another tool's
 * output, and answers its TSV report: one row per page, block, paragraph, line and word, with boxes
 * in pixels and a confidence.
 */
export async function runTesseract(
  picture: Readable,
  languages: string,
  options: RunOptions,
): Promise<string> {
  return collected('tesseract', ['stdin', '-', '-l', languages, 'tsv'], { ...options, stdin: picture });
}

/**
 * pocketsphinx_continuous (Debian's pocketsphinx) transcribes a 16 kHz mono WAV in the job folder:
 * per utterance a line of text, then with `-time yes` a line per word with start, end and
 * confidence. `model` is the folder with the acoustic model, dictionary and language model.
 */
export async function runPocketsphinx(
  wav: string,
  model: { hmm: string; dict: string; lm: string },
  options: RunOptions,
): Promise<string> {
  assertInputsAllowed([{ path: wav }], options);
  const args = ['-infile', path.resolve(wav), '-time', 'yes', '-logfn', '/dev/null'];
  return collected(
    'pocketsphinx_continuous',
    [...args, '-hmm', model.hmm, '-dict', model.dict, '-lm', model.lm],
    options,
  );
}

/**
 * Apertium (Debian's apertium with a language pair such as apertium-nno-nob) translates a text
 * file in the job folder line by line, `-u` leaving unknown words unmarked; lines stay lines.
 */
export async function runApertium(textFile: string, direction: string, options: RunOptions): Promise<string> {
  assertInputsAllowed([{ path: textFile }], options);
  return collected('apertium', ['-u', direction, path.resolve(textFile)], options);
}

/**
 * whisper.cpp (media/analysis/whisper-cli.ts, in a Node process of its own: niced, killed on abort
 * or timeout, and a crash of the native addon ends only it) transcribes a 16 kHz mono WAV in the
 * job folder; it answers one JSON line on stdout.
 */
export async function runWhisper(wav: string, args: readonly string[], options: RunOptions): Promise<string> {
  assertInputsAllowed([{ path: wav }], options);
  const cli = fileURLToPath(new URL('./analysis/whisper-cli.ts', import.meta.url));
  return collected('node', [cli, ...args, path.resolve(wav)], options);
}

async function collected(tool: Tool, args: string[], options: RunOptions): Promise<string> {
  const chunks: Buffer[] = [];
  await run(tool, args, { ...options, onStdout: (chunk) => chunks.push(chunk) });
  return Buffer.concat(chunks).toString('utf8');
}

/** A mistake in the caller, not in the file: the tools only read the job's own files. */
function assertInputsAllowed(inputs: readonly FfmpegInput[], options: RunOptions): void {
  const jobDir = path.resolve(options.jobDir);
  const allowed = new Set(
    [...(options.inputFile === undefined ? [] : [options.inputFile]), ...(options.inputFiles ?? [])].map(
      (f) => path.resolve(f),
    ),
  );
  for (const input of inputs) {
    const file = path.resolve(input.path);
    const relative = path.relative(jobDir, file);
    const insideJobDir =
      relative !== '' && !path.isAbsolute(relative) && relative.split(path.sep)[0] !== '..';
    if (!insideJobDir && !allowed.has(file))
      throw new Error(
        `Refusing to read ${file}: it is neither in the job folder ${jobDir} nor the job's input`,
      );
  }
}

/**
 * Proxy variables would route any URL the tool opened; FFREPORT would make it write a log anywhere.
 * GGML_NO_BACKTRACE: whisper.cpp failing an assertion exits at once instead of attaching a debugger.
 */
function toolEnvironment(): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/proxy|^ffreport$/i.test(name))),
    GGML_NO_BACKTRACE: '1',
  };
}

// util-linux's setpriv asks the kernel to SIGKILL the tool when the worker dies: a worker killed
// with kill -9 would otherwise leave ffmpeg encoding on, unwatched by any timeout.
const SETPRIV = '/usr/bin/setpriv';
const orphanProof = (tool: string, args: string[]): [string, string[]] =>
  process.platform === 'linux' && existsSync(SETPRIV)
    ? [SETPRIV, ['--pdeathsig', 'KILL', '--', tool, ...args]]
    : [tool, args];

// coreutils' nice: an analysis tool yields the processors to a transcode running beside it.
const prioritised = (tool: Tool, args: string[], low: boolean | undefined): [string, string[]] => {
  // node: the Node.js this process runs on, whatever the PATH holds.
  const executable = tool === 'node' ? process.execPath : tool;
  return low
    ? orphanProof('nice', ['-n', String(ANALYSIS_NICENESS), executable, ...args])
    : orphanProof(executable, args);
};

type Tool =
  | 'ffmpeg'
  | 'ffprobe'
  | 'heif-convert'
  | 'pdftoppm'
  | 'tesseract'
  | 'pocketsphinx_continuous'
  | 'apertium'
  | 'node';

function run(tool: Tool, args: string[], options: RunOptions): Promise<void> {
  options.signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(...prioritised(tool, args, options.lowPriority), {
      cwd: options.jobDir,
      env: toolEnvironment(),
      stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe', 'pipe'],
    });
    if (options.stdin && child.stdin) {
      // A tool that stops reading (it failed, or was stopped) breaks the pipe: its exit says why.
      child.stdin.on('error', () => undefined);
      options.stdin.pipe(child.stdin);
    }
    // Pipes, as asked for above: stdout for data, stderr for the log, fd 3 for -progress.
    const stdout = child.stdio[1] as Readable;
    const stderr = child.stdio[2] as Readable;
    const progress = child.stdio[3] as Readable;
    let stderrTail = '';
    let stopReason: 'timeout' | Error | undefined;
    const stop = (reason: 'timeout' | Error) => {
      stopReason ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      stop('timeout');
    }, options.timeoutMs);
    const onAbort = () => {
      const reason: unknown = options.signal?.reason;
      stop(reason instanceof Error ? reason : new Error('Aborted', { cause: reason }));
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // A throwing callback must end the run, not the process.
    const guarded =
      <T>(callback: (value: T) => void) =>
      (value: T) => {
        try {
          callback(value);
        } catch (error) {
          stop(error instanceof Error ? error : new Error(String(error)));
        }
      };

    stdout.on(
      'data',
      guarded((chunk: Buffer) => options.onStdout?.(chunk)),
    );
    stderr.setEncoding('utf8');
    stderr.on('data', (text: string) => {
      stderrTail = (stderrTail + text).slice(-STDERR_TAIL_CHARS);
    });
    createInterface({ input: progress }).on(
      'line',
      guarded((line: string) => {
        const fraction = progressFraction(line, options.durationSeconds);
        if (fraction !== undefined) options.onProgress?.(fraction);
      }),
    );

    const finish = (error?: Error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    child.on('error', finish);
    child.on('close', (code, signal) => {
      const detail = `${tool} exited with ${code ?? signal}: ${stderrTail.trim()}`;
      if (stopReason === 'timeout') {
        const seconds = Math.ceil(options.timeoutMs / 1000);
        finish(new MediaError(MESSAGES.mediaTimedOut, { detail: `stopped after ${seconds} s; ${detail}` }));
      } else if (stopReason) finish(stopReason);
      else if (code === 0) finish();
      else finish(new MediaError(options.failureMessage ?? MESSAGES.mediaNotConverted, { detail }));
    });
  });
}

/** `-progress` writes key=value lines; out_time_us is how far the output has got. */
function progressFraction(line: string, durationSeconds: number | null | undefined): number | undefined {
  if (line === 'progress=end') return 1;
  if (!line.startsWith('out_time_us=') || !durationSeconds) return undefined;
  const seconds = Number(line.slice('out_time_us='.length)) / 1e6;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(1, seconds / durationSeconds) : undefined;
}
