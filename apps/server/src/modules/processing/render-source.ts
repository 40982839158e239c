import { MESSAGES, type RenderRecipe } from '@skald/domain';
import { MediaError } from '../../media/media-error.ts';
import type { BlobKey } from '../../storage/blob-key.ts';
import { originalKey } from '../items/renditions.ts';
import type { MediaJobDeps } from './media-job.ts';

/** Where a render's file is made, and how it reports. */
export interface RenderRun {
  jobDir: string;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}

/** What a render makes: the recipe's file, with the preset's start timecode. */
export interface RenderMade {
  recipe: RenderRecipe;
  startTimecode: string | null;
  output: string;
}

/** A source's original to read, or the user's reason why it is gone. */
export async function sourceOriginal(
  d: Pick<MediaJobDeps, 'items'>,
  tenantId: string,
  itemId: string,
): Promise<BlobKey> {
  const source = await d.items.byId(tenantId, itemId);
  const version = source?.leading_version_id
    ? await d.items.version(tenantId, source.leading_version_id)
    : undefined;
  if (!source || source.deleted_at !== null || !version) throw new MediaError(MESSAGES.renderSourceGone);
  return originalKey(tenantId, source.id, version.id);
}
