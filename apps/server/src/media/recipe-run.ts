import { MESSAGES, frameToSeconds } from '@skald/domain';
import { runFfmpeg, type RunOptions } from './ffmpeg.ts';
import { MediaError } from './media-error.ts';
import { rangeRate, recipeCommand, type RenderRequest } from './recipes.ts';
import { sequenceCommand, sequenceSeconds, type SequenceRenderRequest } from './sequence-recipe.ts';

/**
 * What ffmpeg says when a container cannot hold a stream as it is (a re-wrap of codecs or sample
 * rates the target does not take). Matched on its log, since its exit code says only "failed".
 */
const NOT_REWRAPPABLE =
  /codec not currently supported in container|could not find tag for codec|only \d+ ?khz is implemented|unsupported (?:codec|audio|video)|not supported by (?:the )?muxer|incorrect codec parameters/i;

/** The seconds the output will last: what progress is measured against. */
export function outputSeconds(r: Pick<RenderRequest, 'range' | 'probe'>): number | null {
  const rate = rangeRate(r.probe);
  if (r.range === null || rate === null) return r.probe.durationSeconds;
  return frameToSeconds(r.range.outFrame - r.range.inFrame, rate);
}

/** ffmpeg's failure in words the person who asked for the render understands (the log keeps ffmpeg's own). */
export function explainRenderFailure(error: unknown): unknown {
  if (!(error instanceof MediaError)) return error;
  if (error.message === MESSAGES.mediaTimedOut)
    return new MediaError(MESSAGES.renderTimedOut, { detail: error.detail, cause: error });
  if (error.message === MESSAGES.renderFailed && NOT_REWRAPPABLE.test(error.detail ?? ''))
    return new MediaError(MESSAGES.renderCodecsNotRewrappable, { detail: error.detail, cause: error });
  return error;
}

/** Renders a source through a recipe into the job folder, reporting real progress from ffmpeg. */
export async function runRecipe(r: RenderRequest, options: RunOptions): Promise<void> {
  try {
    await runFfmpeg(recipeCommand(r), {
      ...options,
      durationSeconds: outputSeconds(r),
      failureMessage: MESSAGES.renderFailed,
    });
  } catch (error) {
    throw explainRenderFailure(error);
  }
}

/** Joins a sequence's clips through a recipe into the job folder, reporting real progress from ffmpeg. */
export async function runSequence(r: SequenceRenderRequest, options: RunOptions): Promise<void> {
  try {
    await runFfmpeg(sequenceCommand(r), {
      ...options,
      durationSeconds: sequenceSeconds(r.clips),
      failureMessage: MESSAGES.renderFailed,
    });
  } catch (error) {
    throw explainRenderFailure(error);
  }
}
