import path from 'node:path';
import { runFfmpeg } from '../../media/ffmpeg.ts';

const IMAGE_WIDTH = 256;
const CROP_TIMEOUT_MS = 30_000;

/** A picture a face was found in, and the job folder the cut-out is written to. */
export interface FaceSource {
  jobDir: string;
  file: string;
  /** The original, when the picture lies outside the job folder. */
  inputFile?: string | undefined;
  signal?: AbortSignal | undefined;
  failureMessage?: string | undefined;
}

/**
 * Cuts the face (its box in fractions of the picture) out with the zoom-out added on each side, as
 * a JPEG at most 256 px wide in the job folder: a person image.
 */
export async function cutOut(
  source: FaceSource,
  box: { x: number; y: number; width: number; height: number },
  zoomOutPct: number,
  name: string,
): Promise<string> {
  const grow = (zoomOutPct / 100) * Math.max(box.width, box.height);
  const x = Math.max(0, box.x - grow);
  const y = Math.max(0, box.y - grow);
  const w = Math.min(1 - x, box.width + 2 * grow);
  const h = Math.min(1 - y, box.height + 2 * grow);
  const out = path.join(source.jobDir, `${name}.jpg`);
  await runFfmpeg(
    {
      inputs: [{ path: source.file }],
      outputs: [
        '-frames:v',
        '1',
        '-vf',
        `crop=iw*${w.toFixed(4)}:ih*${h.toFixed(4)}:iw*${x.toFixed(4)}:ih*${y.toFixed(4)},scale='min(${IMAGE_WIDTH},iw)':-2`,
        ...['-q:v', '3', out],
      ],
    },
    {
      jobDir: source.jobDir,
      ...(source.inputFile ? { inputFile: source.inputFile } : {}),
      ...(source.signal ? { signal: source.signal } : {}),
      ...(source.failureMessage ? { failureMessage: source.failureMessage } : {}),
      timeoutMs: CROP_TIMEOUT_MS,
      lowPriority: true,
    },
  );
  return out;
}
