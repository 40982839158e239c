import {
  framesToTimecode,
  recipeMakesPicture,
  subclipNeeds,
  type FrameRate,
  type Preset,
} from '@skald/domain';
import type { Insertable, Transaction } from 'kysely';
import type { ItemRow } from '../../db/rows.ts';
import type { Database, RendersTable } from '../../db/schema.ts';
import type { Identity } from '../../identity/identity.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { badFieldMessage } from '../../plugins/errors.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { ProcessingService } from '../processing/processing.service.ts';
import type { PresetsService } from './presets.service.ts';
import type { RenderRights } from './render-rights.ts';
import { rangeFits, type RenderSources } from './render-sources.ts';
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
      itemType: 'video' | 'audio';
    },
    within?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<void>;
}

export interface SubclipInput {
  presetId: string;
  /** The first frame, counted from the source's first (0). */
  inFrame: number;
  /** The frame after the last: the subclip has outFrame − inFrame frames. */
  outFrame: number;
  title?: string | undefined;
  /** The caller saw that the source is outside its usage rights and renders all the same. */
  confirmRights?: boolean | undefined;
}

interface Deps {
  items: Pick<ItemsService, 'get'>;
  sources: RenderSources;
  rights: Pick<RenderRights, 'assertConfirmed' | 'inherited'>;
  presets: Pick<PresetsService, 'forRender'>;
  intake: ItemAnnouncer;
  processing: Pick<ProcessingService, 'startRender'>;
  renders: RendersRepository;
}

type ItemDto = Awaited<ReturnType<ItemsService['get']>>;

/** Spec §6 analytics.subclip: a new item rendered from a frame range of a source through a preset. */
export class RendersService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /**
   * A subclip's source, preset and frame rate, checked: the source visible, a video or sound with
   * media of its own, processed; the range within its frames; its usage rules confirmed if it is
   * outside them; the preset able to make subclips (of sound: making sound, and no picture).
   */
  async plan(caller: Identity, sourceId: string, input: SubclipInput): Promise<RenderPlan> {
    const tenantId = caller.tenant.id;
    const measured = await this.#d.sources.timed(caller, sourceId, {
      field: 'id',
      notOwnMedia: 'renderNeedsOwnMedia',
      notVideo: 'renderSourceHasNoVideo',
    });
    const { item: source, rate } = measured;
    if (!rangeFits(measured, input.inFrame, input.outFrame))
      throw badFieldMessage('outFrame', 'renderRangeInvalid');
    await this.#d.rights.assertConfirmed(tenantId, [source], input.confirmRights ?? false);
    const preset = await this.#d.presets.forRender(tenantId, input.presetId, subclipNeeds(measured.kind));
    if (measured.kind === 'audio' && recipeMakesPicture(preset.recipe))
      throw badFieldMessage('presetId', 'renderSourceHasNoVideo');
    return { source, preset, rate, input };
  }

  async subclip(
    caller: Identity,
    sourceId: string,
    input: SubclipInput,
  ): Promise<{ renderId: string; item: ItemDto }> {
    const tenantId = caller.tenant.id;
    const plan = await this.plan(caller, sourceId, input);
    const { source, rate, preset } = plan;
    const inherit = await this.#d.rights.inherited(tenantId, [source.id]);
    const renderId = newId();
    const itemId = newId();
    const versionId = newId();
    const title = input.title ?? `${source.title} ${rangeLabel(input, rate)}`.slice(0, 500);
    await this.#d.intake.announce(
      {
        tenantId,
        itemId,
        folderId: source.folder_id,
        userId: caller.user.id,
        title,
        itemType: recipeMakesPicture(preset.recipe) ? 'video' : 'audio',
      },
      async (trx) => {
        await this.#d.renders.insert(
          trx,
          renderRowOf(caller, plan, { renderId, itemId, versionId, kind: 'subclip' }),
        );
        await inherit(trx, itemId, nowIso());
      },
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
