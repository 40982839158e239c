import {
  MESSAGES,
  mediaActionRefusal,
  SOUND_FRAME_RATE,
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

/**
 * A source as a render or a clip reads it: its frame rate and how many frames it has (sound counted
 * at the house rate, SOUND_FRAME_RATE).
 */
export interface MeasuredSource {
  item: ItemRow;
  kind: 'video' | 'audio';
  rate: FrameRate;
  frames: number;
}

type Measured = Pick<TechnicalMetadata, 'frameRate' | 'durationSeconds' | 'videoCodec' | 'audioCodec'>;

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

  /** A video source: what virtual clips and sequences are made of (spec §5: sequences only of video). */
  video(caller: Identity, sourceId: string, refusals: SourceRefusals): Promise<MeasuredSource> {
    return this.#measured(caller, sourceId, refusals, ['video']);
  }

  /** A video or sound source: what subclips are rendered from. */
  timed(caller: Identity, sourceId: string, refusals: SourceRefusals): Promise<MeasuredSource> {
    return this.#measured(caller, sourceId, refusals, ['video', 'audio']);
  }

  async #measured(
    caller: Identity,
    sourceId: string,
    refusals: SourceRefusals,
    kinds: readonly MeasuredSource['kind'][],
  ): Promise<MeasuredSource> {
    const { item } = await this.#items.visible(caller, sourceId);
    if (mediaActionRefusal(itemShapeOf(item), 'download') !== null)
      throw badFieldMessage(refusals.field, refusals.notOwnMedia);
    const kind = kinds.find((k) => k === item.item_type);
    if (kind === undefined) throw badFieldMessage(refusals.field, refusals.notVideo);
    const version = item.leading_version_id
      ? await this.#versions.version(caller.tenant.id, item.leading_version_id)
      : undefined;
    const measured = version?.technical ? (JSON.parse(version.technical) as Measured) : null;
    if (!version?.renditions || !measured) throw new AppError('conflict', MESSAGES.renderSourceNotReady);
    const rate = kind === 'audio' ? SOUND_FRAME_RATE : measured.frameRate;
    const streams = kind === 'audio' ? measured.audioCodec : measured.videoCodec;
    if (!streams || !rate || !measured.durationSeconds)
      throw badFieldMessage(refusals.field, refusals.notVideo);
    const frames = Math.round((measured.durationSeconds * rate.numerator) / rate.denominator);
    return { item, kind, rate, frames };
  }
}

/** Whether a frame range lies within a source: at least one frame, the out point after the in point. */
export const rangeFits = (source: MeasuredSource, inFrame: number, outFrame: number): boolean =>
  outFrame > inFrame && outFrame <= source.frames;
