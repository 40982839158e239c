import { Worker } from 'node:worker_threads';
import { runFfmpeg, type RunOptions } from '../ffmpeg.ts';
import { MediaError } from '../media-error.ts';
import type { FoundFace, FoundObject, VisionReply, VisionRequest } from './vision-protocol.ts';

export type { FoundFace, FoundObject } from './vision-protocol.ts';

/** Pictures are analysed at most this wide: the detectors work on far smaller inputs anyway. */
const ANALYSE_WIDTH = 1920;
const DECODE_TIMEOUT_MS = 60_000;

export interface Seen {
  width: number;
  height: number;
  faces: FoundFace[];
  objects: FoundObject[];
}

export interface LookOptions extends Pick<RunOptions, 'jobDir' | 'inputFile' | 'signal'> {
  faces: boolean;
  objects: boolean;
  failureMessage: string;
}

/** Reads a binary PPM (P6) that ffmpeg wrote: its size and its RGB bytes. */
export function parsePpm(ppm: Buffer): { width: number; height: number; pixels: Uint8Array } {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a P6 picture');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const start = header[0].length;
  if (ppm.length - start !== width * height * 3) throw new Error('truncated P6 picture');
  return { width, height, pixels: new Uint8Array(ppm.buffer, ppm.byteOffset + start, width * height * 3) };
}

/**
 * The vision engine (faces with descriptors, COCO objects) in a worker thread that loads its
 * models once and stays warm between pictures; the event loop only decodes (ffmpeg, a child
 * process) and passes the pixels over. One picture at a time: the thread uses one core.
 */
export class VisionEngine {
  #worker: Worker | null = null;
  #next = 1;
  readonly #pending = new Map<number, { resolve: (r: VisionReply) => void; reject: (e: Error) => void }>();
  #queue: Promise<unknown> = Promise.resolve();

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./vision-thread.ts', import.meta.url));
    worker.unref();
    worker.on('message', (reply: VisionReply) => {
      this.#pending.get(reply.id)?.resolve(reply);
      this.#pending.delete(reply.id);
    });
    const fail = (err: Error) => {
      for (const p of this.#pending.values()) p.reject(err);
      this.#pending.clear();
      this.#worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      fail(new Error(`vision thread exited (${code})`));
    });
    this.#worker = worker;
    return worker;
  }

  /** Decodes a picture (or a video's first frame) and runs the detectors asked for on it. */
  async look(file: string, options: LookOptions): Promise<Seen> {
    const chunks: Buffer[] = [];
    await runFfmpeg(
      {
        inputs: [{ path: file }],
        outputs: [
          ...['-frames:v', '1', '-vf', `scale='min(${ANALYSE_WIDTH},iw)':-2`],
          ...['-f', 'image2pipe', '-c:v', 'ppm', 'pipe:1'],
        ],
      },
      {
        jobDir: options.jobDir,
        ...(options.inputFile ? { inputFile: options.inputFile } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        timeoutMs: DECODE_TIMEOUT_MS,
        failureMessage: options.failureMessage,
        lowPriority: true,
        onStdout: (chunk) => chunks.push(chunk),
      },
    );
    const { width, height, pixels } = parsePpm(Buffer.concat(chunks));
    const run = this.#queue.then(() =>
      this.#ask({ pixels, width, height, faces: options.faces, objects: options.objects }),
    );
    this.#queue = run.catch(() => undefined);
    const reply = await run;
    if ('error' in reply) throw new MediaError(options.failureMessage, { detail: reply.error });
    return { width, height, faces: reply.faces, objects: reply.objects };
  }

  #ask(request: Omit<VisionRequest, 'id'>): Promise<VisionReply> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // A copy of its own, handed over whole: the decoded buffer may share memory with others.
      const pixels = request.pixels.slice();
      this.#thread().postMessage({ ...request, pixels, id }, [pixels.buffer]);
    });
  }

  /** Stops the thread (it starts again, cold, on the next picture). */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }
}
