import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, RENDER_RECIPE_NAMES, exportFileName, type RenderRecipe } from '@skald/domain';
import type { JobContext } from '../../jobs/job-queue.ts';
import { renderTimeoutMs } from '../../media/limits.ts';
import { MediaError } from '../../media/media-error.ts';
import { probeMedia } from '../../media/probe.ts';
import { outputSeconds, runRecipe } from '../../media/recipe-run.ts';
import { RECIPE_EXTENSIONS, RECIPE_MIME_TYPES } from '../../media/recipes.ts';
import { withLocalFile } from '../../storage/local-file.ts';
import { writeBehind } from '../../storage/write-behind.ts';
import type { MediaJobDeps } from './media-job.ts';
import type { RenderedFiles, RenderRequest, RenderRequests } from './render-requests.ts';
import { parseClips, renderSequence } from './sequence-render.ts';
import { sourceOriginal, type RenderMade, type RenderRun } from './render-source.ts';

export const RENDER_JOB = 'render.range';

/** The render and the item (and its first version) it makes. */
export interface RenderJobPayload {
  renderId: string;
  itemId: string;
  versionId: string;
}

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    [RENDER_JOB]: RenderJobPayload;
  }
}

export interface RenderJobDeps extends MediaJobDeps {
  renders: RenderRequests;
  intake: RenderedFiles;
  exportNames: ExportNames;
}

const EMPTY_STATE = { state: null, progress: 0, errorMessage: null };

// Progress reaches the database at most this often; ffmpeg reports many times a second.
const PROGRESS_EVERY_MS = 1_000;

/** Spec §3 tenant config: the longest name an exported or rendered file gets. */
export interface ExportNames {
  exportFileNameLength(tenantId: string): Promise<number>;
}

const isRecipe = (name: string): name is RenderRecipe => (RENDER_RECIPE_NAMES as string[]).includes(name);

/** A subclip: the range of the one source through the recipe; a whole render: all of it, uncut. */
async function renderRange(
  d: RenderJobDeps,
  tenantId: string,
  render: RenderRequest,
  made: RenderMade,
  run: RenderRun,
): Promise<void> {
  await withLocalFile(
    d.blobs,
    await sourceOriginal(d, tenantId, render.source_item_id),
    async (file) => {
      const probe = await probeMedia(file, { signal: run.signal });
      // The recipe writes the preset's override, or the source's timecode at the in point (a whole
      // render's: at its start).
      const request = {
        ...made,
        input: file,
        probe,
        range: render.kind === 'whole' ? null : { inFrame: render.in_frame, outFrame: render.out_frame },
      };
      await runRecipe(request, {
        ...run,
        inputFile: file,
        timeoutMs: renderTimeoutMs(outputSeconds(request)),
      });
    },
    { tempDir: run.jobDir },
  );
}

/**
 * One render: the source's original through the preset's recipe, cut to the range, into the job
 * folder; the file then arrives as the new item's first version through the one intake, which
 * starts its transcoding (proxy, HLS). Meanwhile the item's transcoding state carries the render's
 * real progress from ffmpeg. A render the tools refuse (MediaError, in the user's words) ends in
 * error at once; anything else is retried by the queue and ends in error after the last attempt.
 */
export async function runRenderJob(
  d: RenderJobDeps,
  job: JobContext<typeof RENDER_JOB, RenderJobPayload>,
): Promise<void> {
  const { tenantId } = job;
  const { renderId, itemId, versionId } = job.payload;
  const render = await d.renders.byId(tenantId, renderId);
  const target = await d.items.byId(tenantId, itemId);
  // Deleted for good meanwhile, or rendered already (a rerun after the intake took the file).
  if (!render || !target || target.leading_version_id !== null) return;
  const dir = path.join(d.workDir, `${job.id}-${job.attempt}`);
  await mkdir(dir, { recursive: true });
  let lastReport = 0;
  const setProgress = (percent: number) =>
    d.processing.setState('transcoding', tenantId, itemId, {
      state: 'progressing',
      progress: percent,
      errorMessage: null,
    });
  try {
    if (!isRecipe(render.recipe)) throw new Error(`unknown recipe ${render.recipe}`);
    const recipe = render.recipe;
    await setProgress(0);
    const output = path.join(dir, `render.${RECIPE_EXTENSIONS[recipe]}`);
    const run = {
      jobDir: dir,
      signal: job.signal,
      onProgress: (fraction: number) => {
        const now = Date.now();
        if (now - lastReport < PROGRESS_EVERY_MS) return;
        lastReport = now;
        const percent = Math.round(fraction * 100);
        void job.reportProgress(percent);
        void setProgress(percent).catch(() => undefined);
      },
    };
    const made = { recipe, startTimecode: render.start_timecode, output };
    // The local store fsyncs the file as it takes it: most of it reaches the disk during the render.
    const stopWriteBehind = d.blobs.kind === 'local' ? writeBehind(output) : null;
    try {
      if (render.clips !== null) await renderSequence(d, tenantId, parseClips(render.clips), made, run);
      else await renderRange(d, tenantId, render, made, run);
    } finally {
      await stopWriteBehind?.();
    }
    // A central render request deleted while it ran (placeholders): the placeholder stays empty.
    if (!(await d.renders.byId(tenantId, renderId))) {
      await d.processing.setState('transcoding', tenantId, itemId, EMPTY_STATE);
      return;
    }
    await d.intake.receive(
      {
        tenantId,
        itemId,
        versionId,
        folderId: target.folder_id,
        userId: render.created_by,
        filename: exportFileName(
          target.title,
          RECIPE_EXTENSIONS[recipe],
          await d.exportNames.exportFileNameLength(tenantId),
        ),
        size: (await stat(output)).size,
        mimeType: RECIPE_MIME_TYPES[recipe],
        itemType: recipe === 'wav' ? 'audio' : 'video',
      },
      { localFile: output },
    );
  } catch (err) {
    const final = err instanceof MediaError || job.attempt >= job.maxAttempts;
    if (!final) throw err;
    // The message is what the user sees; ffmpeg's own words are for the logs.
    if (err instanceof MediaError) d.log.warn({ itemId, renderId, detail: err.detail }, err.message);
    else d.log.error({ err, itemId, renderId }, 'render job failed');
    await d.processing.setState('transcoding', tenantId, itemId, {
      state: 'error',
      progress: 0,
      errorMessage: err instanceof MediaError ? err.message : MESSAGES.renderFailed,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
