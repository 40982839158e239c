import { MESSAGES, type FileItemType } from '@skald/domain';
import type { JobContext } from '../../jobs/job-queue.ts';
import { MediaError } from '../../media/media-error.ts';
import { originalKey } from '../items/renditions.ts';
import type { MediaJobDeps } from '../processing/media-job.ts';
import type { RenderedFiles } from '../processing/render-requests.ts';

export const COPY_MEDIA_JOB = 'media.copy';
/** The history entry a copy's start writes before its job is queued: its payload but the item and user. */
export const COPY_STARTED = 'mediaCopyStarted';

/** One job per copy: asking again (a requeue at start) while it waits or runs queues nothing. */
export const copyJobKey = (payload: { versionId: string }) => `copy:${payload.versionId}`;

/** Spec §4 merge: the source's version (as it led when asked) becomes the placeholder's first version. */
export interface CopyMediaJobPayload {
  itemId: string;
  versionId: string;
  sourceItemId: string;
  sourceVersionId: string;
  userId: string;
}

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    [COPY_MEDIA_JOB]: CopyMediaJobPayload;
  }
}

export type CopyMediaJobDeps = Pick<MediaJobDeps, 'items' | 'blobs' | 'processing' | 'log'> & {
  intake: RenderedFiles;
};

/**
 * Copies the source's original into the placeholder and hands it to the one intake, which makes it
 * the placeholder's first version and starts its transcoding as for an upload. Idempotent: a rerun
 * after the intake took the file finds the placeholder filled and stops; a copy is overwritten whole.
 */
export async function runCopyMediaJob(
  d: CopyMediaJobDeps,
  job: JobContext<typeof COPY_MEDIA_JOB, CopyMediaJobPayload>,
): Promise<void> {
  const { tenantId } = job;
  const { itemId, versionId, sourceItemId, sourceVersionId, userId } = job.payload;
  const target = await d.items.byId(tenantId, itemId);
  if (!target || target.deleted_at !== null || target.leading_version_id !== null) return;
  try {
    const version = await d.items.version(tenantId, sourceVersionId);
    if (!version) throw new MediaError(MESSAGES.copySourceHasNoMedia);
    await d.processing.setState('transcoding', tenantId, itemId, {
      state: 'progressing',
      progress: 0,
      errorMessage: null,
    });
    await d.blobs.copy(
      originalKey(tenantId, sourceItemId, sourceVersionId),
      originalKey(tenantId, itemId, versionId),
    );
    await d.intake.receive({
      tenantId,
      itemId,
      versionId,
      folderId: target.folder_id,
      userId,
      filename: version.filename,
      size: version.size,
      mimeType: version.mime_type,
      itemType: (version.item_type ?? target.item_type) as FileItemType,
    });
  } catch (err) {
    if (!(err instanceof MediaError) && job.attempt < job.maxAttempts) throw err;
    d.log.error({ err, itemId, sourceItemId }, 'media copy failed');
    await d.processing.setState('transcoding', tenantId, itemId, {
      state: 'error',
      progress: 0,
      errorMessage: MESSAGES.copyMediaFailed,
    });
  }
}
