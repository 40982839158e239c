import {
  MESSAGES,
  framesToTimecode,
  mediaActionRefusal,
  type FrameRate,
  type Preset,
  type PresetCapability,
  type TechnicalMetadata,
} from '@skald/domain';
import type { Executor } from '../../db/executor.ts';
import type { Insertable } from 'kysely';
import type { ItemRow, VersionRow } from '../../db/rows.ts';
import type { RendersTable } from '../../db/schema.ts';
import type { Identity } from '../../identity/identity.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError, badFieldMessage } from '../../plugins/errors.ts';
import { itemShapeOf } from '../items/item-shape.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { ProcessingService } from '../processing/processing.service.ts';
import type { PresetsService } from './presets.service.ts';
import type { RendersRepository } from './renders.repository.ts';

/** The items module's intake, as far as a render needs it: the new item exists before its file. */
export interface ItemAnnouncer {
  announce(
    item: {
      tenantId: string;
      itemId: string;
      folderId: string;
      userId: string;
      title: string;
      itemType: 'video';
    },
    within?: (trx: Executor) => Promise<void>,
  ): Promise<void>;
}

/** A source's leading version, read by id (the items repository). */
export interface SourceVersions {
  version(tenantId: string, versionId: string): Promise<VersionRow | undefined>;
}

export interface SubclipInput {
  presetId: string;
  /** The first frame, counted from the source's first (0). */
  inFrame: number;
  /** The frame after the last: the subclip has outFrame − inFrame frames. */
  outFrame: number;
  title?: string | undefined;
}

interface Deps {
  items: Pick<ItemsService, 'visible' | 'get'>;
  versions: SourceVersions;
  presets: Pick<PresetsService, 'forRender'>;
  intake: ItemAnnouncer;
  processing: Pick<ProcessingService, 'startRender'>;
  renders: RendersRepository;
}

type ItemDto = Awaited<ReturnType<ItemsService['get']>>;
type Measured = Pick<TechnicalMetadata, 'frameRate' | 'durationSeconds' | 'videoCodec'>;

/** Spec §6 analytics.subclip: a new item rendered from a frame range of a source through a preset. */
export class RendersService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /**
   * A subclip's source, preset and frame rate, checked: the source visible, a video with media of
   * its own, processed; the range within its frames; the preset able to make subclips.
   */
  async plan(caller: Identity, sourceId: string, input: SubclipInput): Promise<RenderPlan> {
    const tenantId = caller.tenant.id;
    const { item: source } = await this.#d.items.visible(caller, sourceId);
    if (mediaActionRefusal(itemShapeOf(source), 'download') !== null)
      throw badFieldMessage('id', 'renderNeedsOwnMedia');
    const version = source.leading_version_id
      ? await this.#d.versions.version(tenantId, source.leading_version_id)
      : undefined;
    const measured = version?.technical ? (JSON.parse(version.technical) as Measured) : null;
    if (!version?.renditions || !measured) throw new AppError('conflict', MESSAGES.renderSourceNotReady);
    const rate = measured.frameRate;
    if (source.item_type !== 'video' || !measured.videoCodec || !rate || !measured.durationSeconds)
      throw badFieldMessage('id', 'renderSourceHasNoVideo');
    const frames = Math.round((measured.durationSeconds * rate.numerator) / rate.denominator);
    if (input.outFrame <= input.inFrame || input.outFrame > frames)
      throw badFieldMessage('outFrame', 'renderRangeInvalid');
    const needs: PresetCapability[] = ['subclip'];
    const preset = await this.#d.presets.forRender(tenantId, input.presetId, needs);
    return { source, preset, rate, input };
  }

  async subclip(
    caller: Identity,
    sourceId: string,
    input: SubclipInput,
  ): Promise<{ renderId: string; item: ItemDto }> {
    const tenantId = caller.tenant.id;
    const plan = await this.plan(caller, sourceId, input);
    const { source, rate } = plan;
    const renderId = newId();
    const itemId = newId();
    const versionId = newId();
    const title = input.title ?? `${source.title} ${rangeLabel(input, rate)}`.slice(0, 500);
    await this.#d.intake.announce(
      { tenantId, itemId, folderId: source.folder_id, userId: caller.user.id, title, itemType: 'video' },
      (trx) =>
        this.#d.renders.insert(
          trx,
          renderRowOf(caller, plan, { renderId, itemId, versionId, kind: 'subclip' }),
        ),
    );
    await this.#d.processing.startRender(tenantId, { renderId, itemId, versionId });
    return { renderId, item: await this.#d.items.get(caller, itemId) };
  }
}

/** A checked subclip: what a render row is made of. */
export interface RenderPlan {
  source: ItemRow;
  preset: Preset;
  rate: FrameRate;
  input: SubclipInput;
}

/**
 * The renders row of a planned subclip making `itemId`: a subclip's new item, or a placeholder a
 * central render request fills (kind 'central').
 */
export function renderRowOf(
  caller: Identity,
  plan: RenderPlan,
  target: { renderId: string; itemId: string; versionId: string; kind: 'subclip' | 'central' },
): Insertable<RendersTable> {
  return {
    id: target.renderId,
    tenant_id: caller.tenant.id,
    kind: target.kind,
    source_item_id: plan.source.id,
    preset_id: plan.preset.id,
    target_item_id: target.itemId,
    target_version_id: target.versionId,
    recipe: plan.preset.recipe,
    start_timecode: plan.preset.overrideStartTimecode ? plan.preset.startTimecode : null,
    in_frame: plan.input.inFrame,
    out_frame: plan.input.outFrame,
    created_by: caller.user.id,
    created_at: nowIso(),
  };
}

/** "00:00:10:00–00:00:20:00", the range in the source's timecode. */
const rangeLabel = (r: SubclipInput, rate: FrameRate): string =>
  `${framesToTimecode(r.inFrame, rate)}–${framesToTimecode(r.outFrame, rate)}`;
