import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, type ItemType } from '@skald/domain';
import type { Logger } from '../../lib/logger.ts';
import type { ItemRow, VersionRow } from '../../db/rows.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { nowIso } from '../../lib/time.ts';
import { renderAudio } from '../../media/audio.ts';
import { renderDocument } from '../../media/document.ts';
import { renderImage } from '../../media/image.ts';
import { MediaError } from '../../media/media-error.ts';
import { probeMedia, sha256File, type MediaProbe } from '../../media/probe.ts';
import { renderVideo } from '../../media/video.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { withLocalFile } from '../../storage/local-file.ts';
import {
  originalKey,
  renditionContentType,
  renditionKey,
  renditionsPrefix,
  type Renditions,
} from '../items/renditions.ts';
import type { ExifApplier } from '../exif-mappings/exif-applier.ts';
import type { ProcessedItems } from './processed-items.ts';
import type { MEDIA_JOB, ProcessingService, VersionJobPayload } from './processing.service.ts';

export interface MediaJobDeps {
  items: ProcessedItems;
  blobs: BlobStore;
  processing: ProcessingService;
  /** A picture's EXIF fills the form fields mapped to it (spec §3 EXIF mapping). */
  exif: Pick<ExifApplier, 'atIngest'>;
  /** Each run works in its own folder under here, removed afterwards. */
  workDir: string;
  log: Logger;
}

/** What the probe found, and a picture's colour space (from its renderer). */
type Technical = Omit<MediaProbe, 'size' | 'format' | 'mimeType'> & { colorSpace?: string | null };

interface Rendered {
  itemType: ItemType;
  technical: Technical | null;
  renditions: Renditions;
  /** A picture's EXIF as read (JSON-safe). */
  exif: Record<string, unknown> | null;
}

// Progress reaches the database at most this often; the encode itself reports many times a second.
const PROGRESS_EVERY_MS = 1_000;
const GENERIC_FAILURE = MESSAGES.transcodingFailed;

const technicalOf = ({ size: _size, format: _format, mimeType: _mime, ...rest }: MediaProbe): Technical =>
  rest;

/** Video if a real picture stream is there, audio if only sound; the probe settles what the name guessed. */
function kindOf(probe: MediaProbe): ProbedKind {
  if (probe.videoCodec && probe.durationSeconds !== null) return 'video';
  if (probe.audioCodec) return 'audio';
  return 'image';
}

/** Whether the version still leads its item: only the leading version's run speaks for the item. */
async function leads(d: MediaJobDeps, tenantId: string, itemId: string, versionId: string): Promise<boolean> {
  return (await d.items.byId(tenantId, itemId))?.leading_version_id === versionId;
}

/**
 * One run of the media pipeline for one version: probe, render, store the renditions, record the
 * technical metadata and the state. Idempotent: a rerun replaces the version's renditions.
 * A file the tools refuse (MediaError) ends in the error state at once; anything else is retried
 * by the queue and ends in error after the last attempt. The item's state and type are written
 * only while the version leads (a promote may take that away mid-run); the version's own results
 * are always kept, so promoting it back needs no new run.
 */
export async function runMediaJob(
  d: MediaJobDeps,
  job: JobContext<typeof MEDIA_JOB, VersionJobPayload>,
): Promise<void> {
  const { tenantId } = job;
  const { itemId, versionId } = job.payload;
  const item = await d.items.byId(tenantId, itemId);
  const version = await d.items.version(tenantId, versionId);
  if (!item || version?.item_id !== itemId) return; // deleted for good meanwhile
  const dir = path.join(d.workDir, `${job.id}-${job.attempt}`);
  const outDir = path.join(dir, 'out');
  await mkdir(outDir, { recursive: true });
  let lastReport = 0;
  const onProgress = (fraction: number) => {
    const now = Date.now();
    if (now - lastReport < PROGRESS_EVERY_MS) return;
    lastReport = now;
    const percent = Math.round(fraction * 100);
    void job.reportProgress(percent);
    void progressing(d, tenantId, itemId, versionId, percent).catch(() => undefined);
  };
  try {
    await progressing(d, tenantId, itemId, versionId, 0);
    const { rendered, sha256 } = await withLocalFile(
      d.blobs,
      originalKey(tenantId, itemId, versionId),
      async (file) => ({
        sha256: version.sha256 ?? (await sha256File(file)),
        rendered: await RENDERERS[(version.item_type ?? item.item_type) as ItemType](file, outDir, {
          onProgress,
          signal: job.signal,
        }),
      }),
      { tempDir: dir },
    );
    await storeRenditions(d.blobs, tenantId, itemId, versionId, outDir, rendered.renditions);
    await record(d, item, version, rendered, sha256);
  } catch (err) {
    const final = err instanceof MediaError || job.attempt >= job.maxAttempts;
    if (!final) throw err;
    // The message is what the user sees; what went wrong in detail is for the logs.
    if (err instanceof MediaError) d.log.warn({ itemId, versionId, detail: err.detail }, err.message);
    else d.log.error({ err, itemId, versionId }, 'media job failed');
    await fail(d, item, versionId, err instanceof MediaError ? err.message : GENERIC_FAILURE);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function progressing(
  d: MediaJobDeps,
  tenantId: string,
  itemId: string,
  versionId: string,
  progress: number,
): Promise<void> {
  if (!(await leads(d, tenantId, itemId, versionId))) return;
  await d.processing.setState('transcoding', tenantId, itemId, {
    state: 'progressing',
    progress,
    errorMessage: null,
  });
}

interface RenderOptions {
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

type Renderer = (file: string, outDir: string, options: RenderOptions) => Promise<Rendered>;

const renderFile: Renderer = async (file, outDir, options) => {
  const renditions = await renderDocument(file, outDir, { signal: options.signal });
  return { itemType: 'file', technical: null, renditions, exif: null };
};

const renderPicture: Renderer = async (file, outDir, options) => {
  const image = await renderImage(file, outDir, { signal: options.signal });
  return {
    itemType: 'image',
    technical: {
      durationSeconds: null,
      container: image.format,
      videoCodec: null,
      audioCodec: null,
      width: image.width,
      height: image.height,
      frameRate: null,
      startTimecode: null,
      bitrate: null,
      colorSpace: image.colorSpace,
    },
    renditions: { files: image.files, preview: image.preview, thumbnail: image.thumbnail },
    exif: image.exif,
  };
};

type ProbedKind = 'video' | 'audio' | 'image';
type ProbedRenderer = (
  file: string,
  outDir: string,
  options: RenderOptions,
  probe: MediaProbe,
) => Promise<Rendered>;

/** What the probe found decides: a name or a sniff can be wrong about streams. */
const BY_PROBE: Record<ProbedKind, ProbedRenderer> = {
  image: (file, outDir, options) => renderPicture(file, outDir, options),
  audio: async (file, outDir, options, probe) => {
    const audio = await renderAudio(file, outDir, { probe, ...options });
    return {
      itemType: 'audio',
      technical: technicalOf(probe),
      renditions: { files: audio.files, proxy: audio.proxy, waveform: audio.waveform },
      exif: null,
    };
  },
  video: async (file, outDir, options, probe) => {
    const video = await renderVideo(file, outDir, { probe, ...options });
    return {
      itemType: 'video',
      technical: technicalOf(probe),
      renditions: {
        files: video.files,
        proxy: video.proxy,
        hlsPlaylist: video.hlsPlaylist,
        poster: video.poster,
        thumbnail: video.thumbnail,
        strip: video.strip,
        segmentCount: video.segmentCount,
        segmentDuration: video.segmentDuration,
      },
      exif: null,
    };
  },
};

const renderProbed: Renderer = async (file, outDir, options) => {
  const probe = await probeMedia(file, { signal: options.signal });
  return BY_PROBE[kindOf(probe)](file, outDir, options, probe);
};

const nothingToRender =
  (type: ItemType): Renderer =>
  () =>
    Promise.reject(
      new MediaError(GENERIC_FAILURE, { detail: `a ${type} item has no file of its own to render` }),
    );

/**
 * The renderer of each item type, by the version's type as the upload guessed it (a live
 * recording is a stream the probe reads like any other). Types without a file of their own never
 * reach a media job (domain mediaActionRefusal), and end in error if one does.
 */
const RENDERERS: Record<ItemType, Renderer> = {
  video: renderProbed,
  audio: renderProbed,
  live: renderProbed,
  image: renderPicture,
  file: renderFile,
  sequence: nothingToRender('sequence'),
  folder: nothingToRender('folder'),
  person: nothingToRender('person'),
};

async function storeRenditions(
  blobs: BlobStore,
  tenantId: string,
  itemId: string,
  versionId: string,
  outDir: string,
  renditions: Renditions,
): Promise<void> {
  // A rerun replaces what an earlier run stored.
  await blobs.deletePrefix(renditionsPrefix(tenantId, itemId, versionId));
  for (const file of renditions.files) {
    await blobs.putFile(renditionKey(tenantId, itemId, versionId, file), path.join(outDir, file), {
      move: true,
      contentType: renditionContentType(file),
    });
  }
}

async function record(
  d: MediaJobDeps,
  item: ItemRow,
  version: VersionRow,
  rendered: Rendered,
  sha256: string,
): Promise<void> {
  const tenantId = item.tenant_id;
  const at = nowIso();
  await d.items.updateVersion(tenantId, version.id, {
    sha256,
    item_type: rendered.itemType,
    technical: rendered.technical === null ? null : JSON.stringify(rendered.technical),
    renditions: JSON.stringify(rendered.renditions),
    exif: rendered.exif === null ? null : JSON.stringify(rendered.exif),
  });
  // The history first: whoever sees the item complete finds it there too (setState writes the state,
  // then announces it; under load a reader saw the state without the entry: the PostgreSQL server
  // suite's durability/pipeline test, 2026-11-27). A crash between the two runs the job again.
  await d.items.addHistory(d.items.executor, [
    {
      tenantId,
      itemId: item.id,
      actorId: null,
      action: 'transcodeCompleted',
      details: { version: version.number },
      at,
    },
  ]);
  const seconds = rendered.technical?.durationSeconds;
  if (await leads(d, tenantId, item.id, version.id)) {
    if (rendered.exif !== null) await d.exif.atIngest(tenantId, item.id, rendered.exif);
    await d.items.update(d.items.executor, tenantId, item.id, {
      item_type: rendered.itemType,
      duration_ms: typeof seconds === 'number' ? Math.round(seconds * 1000) : null,
      updated_at: at,
    });
    await d.processing.setState('transcoding', tenantId, item.id, {
      state: 'complete',
      progress: 100,
      errorMessage: null,
    });
  }
}

async function fail(d: MediaJobDeps, item: ItemRow, versionId: string, message: string): Promise<void> {
  // The history first, as in `record`.
  await d.items.addHistory(d.items.executor, [
    {
      tenantId: item.tenant_id,
      itemId: item.id,
      actorId: null,
      action: 'transcodeFailed',
      details: { message },
      at: nowIso(),
    },
  ]);
  if (await leads(d, item.tenant_id, item.id, versionId)) {
    await d.processing.setState('transcoding', item.tenant_id, item.id, {
      state: 'error',
      progress: 0,
      errorMessage: message,
    });
  }
}
