import { MESSAGES, type AnalysisJobKind, type ItemType } from '@skald/domain';
import type { AnalysisMomentRow } from '../../db/rows.ts';
import { newId } from '../../lib/ids.ts';
import { detectShots } from '../../media/analysis/scenes.ts';
import type { VisionEngine } from '../../media/analysis/vision.ts';
import { readText, type ReadLine } from '../../media/analysis/text.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { celebrityDetection, personDetection } from '../persons/person-detection.ts';
import type { FaceRegistry } from '../persons/face-registry.ts';
import type { AnalysisRepository } from './analysis.repository.ts';
import { keyframeKey } from './keyframes.ts';
import { momentRow } from './moment-rows.ts';
import type { SpeechProviders } from './speech-providers.ts';
import { storeTranscript, type TranscriptStoreDeps } from './transcript-store.ts';

/** One run of one analysis on one version, with its original at hand as a local file. */
export interface AnalysisRun {
  tenantId: string;
  itemId: string;
  versionId: string;
  itemType: ItemType;
  file: string;
  /** The run's own folder, removed afterwards. */
  jobDir: string;
  /** Null for a picture. */
  durationSeconds: number | null;
  language: string;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}

export interface AnalyzerDeps extends TranscriptStoreDeps {
  moments: AnalysisRepository;
  blobs: BlobStore;
  speech: Pick<SpeechProviders, 'forTenant'>;
  vision: Pick<VisionEngine, 'look'>;
  persons: FaceRegistry;
}

/** Runs one kind of analysis and stores what it found, replacing an earlier run's results. */
export type Analyzer = (d: AnalyzerDeps, run: AnalysisRun) => Promise<void>;

const seconds = (run: AnalysisRun): number => run.durationSeconds ?? 0;

const shotsOf = (run: AnalysisRun, onProgress: (fraction: number) => void) =>
  detectShots(run.file, {
    jobDir: run.jobDir,
    durationSeconds: seconds(run),
    signal: run.signal,
    onProgress,
  });

const sceneDetection: Analyzer = async (d, run) => {
  const shots = await shotsOf(run, run.onProgress);
  const rows: AnalysisMomentRow[] = [];
  for (const shot of shots) {
    const id = newId();
    const key = keyframeKey(run.tenantId, run.itemId, run.versionId, id);
    await d.blobs.putFile(key, shot.keyframe, { move: true, contentType: 'image/jpeg' });
    rows.push(
      momentRow(
        run,
        { kind: 'shot', start_ms: shot.startMs, end_ms: shot.endMs, score: shot.score, blob_key: key },
        id,
      ),
    );
  }
  await d.moments.replace(run.tenantId, run.itemId, 'shot', rows);
};

const lineRow = (run: AnalysisRun, line: ReadLine, startMs: number, endMs: number) =>
  momentRow(run, {
    kind: 'text',
    start_ms: startMs,
    end_ms: endMs,
    text: line.text,
    score: Math.round(line.words.reduce((sum, w) => sum + w.confidence, 0) / line.words.length),
    box: JSON.stringify(line.box),
    words: JSON.stringify(line.words),
  });

/** A picture to look at: the item's own, or a shot's keyframe, with the time it stands for. */
export interface Frame {
  file: string;
  /** The original, the one file outside the job folder the tools may read. */
  inputFile?: string;
  startMs: number;
  endMs: number;
}

/**
 * Calls `look` on the picture, or on each shot's keyframe of a video (the first 30% of the
 * progress goes to finding the shots), and gathers what it returns.
 */
export async function eachFrame<T>(run: AnalysisRun, look: (frame: Frame) => Promise<T[]>): Promise<T[]> {
  if (run.itemType === 'image') {
    return look({ file: run.file, inputFile: run.file, startMs: 0, endMs: 0 });
  }
  const shots = await shotsOf(run, (f) => {
    run.onProgress(f * 0.3);
  });
  const found: T[] = [];
  for (const [index, shot] of shots.entries()) {
    found.push(
      ...(await look({
        file: shot.keyframe,
        startMs: shot.startMs,
        endMs: shot.endMs,
      })),
    );
    run.onProgress(0.3 + (0.7 * (index + 1)) / shots.length);
  }
  return found;
}

/** Text in a picture, or in each shot's keyframe of a video (the line lasts the shot). */
const textDetection: Analyzer = async (d, run) => {
  const rows = await eachFrame(run, async (frame) => {
    const lines = await readText(frame.file, {
      jobDir: run.jobDir,
      ...(frame.inputFile ? { inputFile: frame.inputFile } : {}),
      signal: run.signal,
    });
    return lines.map((line) => lineRow(run, line, frame.startMs, frame.endMs));
  });
  await d.moments.replace(run.tenantId, run.itemId, 'text', rows);
};

/** A box in pixels of a width × height picture, as fractions (the moments' boxes). */
export const boxFractions = ([x, y, w, h]: readonly number[], width: number, height: number) => {
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  const cx = Math.max(0, x ?? 0);
  const cy = Math.max(0, y ?? 0);
  return {
    x: round(cx / width),
    y: round(cy / height),
    width: round(Math.min(width - cx, w ?? 0) / width),
    height: round(Math.min(height - cy, h ?? 0) / height),
  };
};

/** COCO objects (centernet) in the picture or each shot's keyframe: class, score and box. */
const labelDetection: Analyzer = async (d, run) => {
  const rows = await eachFrame(run, async (frame) => {
    const seen = await d.vision.look(frame.file, {
      faces: false,
      objects: true,
      jobDir: run.jobDir,
      ...(frame.inputFile ? { inputFile: frame.inputFile } : {}),
      signal: run.signal,
      failureMessage: MESSAGES.labelDetectionFailed,
    });
    return seen.objects.map((o) =>
      momentRow(run, {
        kind: 'label',
        start_ms: frame.startMs,
        end_ms: frame.endMs,
        text: o.label,
        score: Math.round(o.score * 100),
        box: JSON.stringify(boxFractions(o.box, seen.width, seen.height)),
      }),
    );
  });
  await d.moments.replace(run.tenantId, run.itemId, 'label', rows);
};

const transcription: Analyzer = async (d, run) => {
  const provider = await d.speech.forTenant(run.tenantId);
  const segments = await provider.transcribe({
    file: run.file,
    jobDir: run.jobDir,
    durationSeconds: seconds(run),
    language: run.language,
    signal: run.signal,
  });
  await storeTranscript(d, run, {
    source: 'transcription',
    language: run.language,
    provider: provider.name,
    createdBy: null,
    segments,
  });
};

/** The analyzer of every kind that reads the media (translation reads the transcript): a kind without one does not compile. */
export const ANALYZERS = {
  sceneDetection,
  textDetection,
  transcription,
  personDetection,
  celebrityDetection,
  labelDetection,
} as const satisfies Record<Exclude<AnalysisJobKind, 'translation'>, Analyzer>;
