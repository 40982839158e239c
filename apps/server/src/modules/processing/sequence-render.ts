import type { SequenceClip } from '@skald/domain';
import { renderTimeoutMs } from '../../media/limits.ts';
import { probeMedia } from '../../media/probe.ts';
import { runSequence } from '../../media/recipe-run.ts';
import { sequenceSeconds } from '../../media/sequence-recipe.ts';
import { withLocalFiles } from '../../storage/local-file.ts';
import type { MediaJobDeps } from './media-job.ts';
import { sourceOriginal, type RenderMade, type RenderRun } from './render-source.ts';

/** A sequence export's clip list as the render kept it. */
export const parseClips = (json: string): SequenceClip[] => JSON.parse(json) as SequenceClip[];

/**
 * A sequence export: each clip's source original (a source used twice is read once), probed, then
 * the clips joined through the recipe in one ffmpeg run.
 */
export async function renderSequence(
  d: Pick<MediaJobDeps, 'items' | 'blobs'>,
  tenantId: string,
  clips: readonly SequenceClip[],
  made: RenderMade,
  run: RenderRun,
): Promise<void> {
  const sourceIds = [...new Set(clips.map((c) => c.sourceItemId))];
  const keys = [];
  for (const id of sourceIds) keys.push(await sourceOriginal(d, tenantId, id));
  await withLocalFiles(
    d.blobs,
    keys,
    async (files) => {
      const probes = new Map<string, { file: string; probe: Awaited<ReturnType<typeof probeMedia>> }>();
      for (const [i, id] of sourceIds.entries()) {
        const file = files[i] ?? '';
        probes.set(id, { file, probe: await probeMedia(file, { signal: run.signal }) });
      }
      const inputs = clips.map((clip) => {
        const source = probes.get(clip.sourceItemId);
        if (!source) throw new Error(`no source ${clip.sourceItemId}`);
        return {
          input: source.file,
          probe: source.probe,
          range: { inFrame: clip.inFrame, outFrame: clip.outFrame },
        };
      });
      await runSequence(
        { ...made, clips: inputs },
        { ...run, inputFiles: files, timeoutMs: renderTimeoutMs(sequenceSeconds(inputs)) },
      );
    },
    { tempDir: run.jobDir },
  );
}
