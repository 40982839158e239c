import {
  MESSAGES,
  mediaActionRefusal,
  type FrameRate,
  type MessageKey,
  type TechnicalMetadata,
} from '@skald/domain';
import type { ItemRow, VersionRow } from '../../db/rows.ts';
import type { Identity } from '../../identity/identity.ts';
import { AppError, badFieldMessage } from '../../plugins/errors.ts';
import { itemShapeOf } from '../items/item-shape.ts';
import type { ItemsService } from '../items/items.service.ts';

/** A source's leading version, read by id (the items repository). */
export interface SourceVersions {
  version(tenantId: string, versionId: string): Promise<VersionRow | undefined>;
}

/** A video source as a render or a clip reads it: its frame rate and how many frames it has. */
export interface MeasuredSource {
  item: ItemRow;
  rate: FrameRate;
  frames: number;
}

type Measured = Pick<TechnicalMetadata, 'frameRate' | 'durationSeconds' | 'videoCodec'>;

/** What the caller is told when a source is not a video with media of its own, per use. */
export interface SourceRefusals {
  field: string;
  notOwnMedia: MessageKey;
  notVideo: MessageKey;
}

/**
 * The sources of subclips, virtual clips and sequences: visible to the caller, with media of their
 * own, processed, and video (with its frame rate and length in frames, from the probe).
 */
export class RenderSources {
  readonly #items: Pick<ItemsService, 'visible'>;
  readonly #versions: SourceVersions;
  constructor(items: Pick<ItemsService, 'visible'>, versions: SourceVersions) {
    this.#items = items;
    this.#versions = versions;
  }

  async video(caller: Identity, sourceId: string, refusals: SourceRefusals): Promise<MeasuredSource> {
    const { item } = await this.#items.visible(caller, sourceId);
    if (mediaActionRefusal(itemShapeOf(item), 'download') !== null)
      throw badFieldMessage(refusals.field, refusals.notOwnMedia);
    if (item.item_type !== 'video') throw badFieldMessage(refusals.field, refusals.notVideo);
    const version = item.leading_version_id
      ? await this.#versions.version(caller.tenant.id, item.leading_version_id)
      : undefined;
    const measured = version?.technical ? (JSON.parse(version.technical) as Measured) : null;
    if (!version?.renditions || !measured) throw new AppError('conflict', MESSAGES.renderSourceNotReady);
    const rate = measured.frameRate;
    if (!measured.videoCodec || !rate || !measured.durationSeconds)
      throw badFieldMessage(refusals.field, refusals.notVideo);
    const frames = Math.round((measured.durationSeconds * rate.numerator) / rate.denominator);
    return { item, rate, frames };
  }
}

/** Whether a frame range lies within a source: at least one frame, the out point after the in point. */
export const rangeFits = (source: MeasuredSource, inFrame: number, outFrame: number): boolean =>
  outFrame > inFrame && outFrame <= source.frames;
