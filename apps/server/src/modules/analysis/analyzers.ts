import type { AnalysisJobKind, ItemType } from '@skald/domain';
import type { AnalysisMomentRow } from '../../db/rows.ts';
import { newId } from '../../lib/ids.ts';
import { detectShots } from '../../media/analysis/scenes.ts';
import { readText, type ReadLine } from '../../media/analysis/text.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
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

/** Text in a picture, or in each shot's keyframe of a video (the line lasts the shot). */
const textDetection: Analyzer = async (d, run) => {
  const rows: AnalysisMomentRow[] = [];
  if (run.itemType === 'image') {
    const lines = await readText(run.file, 'picture', {
      jobDir: run.jobDir,
      inputFile: run.file,
      signal: run.signal,
    });
    rows.push(...lines.map((line) => lineRow(run, line, 0, 0)));
  } else {
    const shots = await shotsOf(run, (f) => {
      run.onProgress(f * 0.3);
    });
    for (const [index, shot] of shots.entries()) {
      const lines = await readText(shot.keyframe, `frame-${index}`, {
        jobDir: run.jobDir,
        signal: run.signal,
      });
      rows.push(...lines.map((line) => lineRow(run, line, shot.startMs, shot.endMs)));
      run.onProgress(0.3 + (0.7 * (index + 1)) / shots.length);
    }
  }
  await d.moments.replace(run.tenantId, run.itemId, 'text', rows);
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
} as const satisfies Record<Exclude<AnalysisJobKind, 'translation'>, Analyzer>;
