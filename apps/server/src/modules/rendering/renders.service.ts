import {
  framesToTimecode,
  recipeMakesPicture,
  subclipNeeds,
  wholeRenderNeeds,
  type FrameRate,
  type Preset,
  type PresetCapability,
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
import { rangeFits, type MeasuredSource, type RenderSources } from './render-sources.ts';
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

/** What every render through a preset is asked with. */
interface RenderInput {
  presetId: string;
  title?: string | undefined;
  /** The caller saw that the source is outside its usage rights and renders all the same. */
  confirmRights?: boolean | undefined;
}

export interface SubclipInput extends RenderInput {
  /** The first frame, counted from the source's first (0). */
  inFrame: number;
  /** The frame after the last: the subclip has outFrame − inFrame frames. */
  outFrame: number;
}

/** A render of all of a source: nothing cut, so a re-wrap (stream copy) preset may make it. */
export type WholeRenderInput = RenderInput;

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

/**
 * Spec §6 analytics.subclip: a new item rendered from a frame range of a source through a preset, or
 * from all of it (a whole render, which also makes a new item: item.create).
 */
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
    return this.#plan(caller, sourceId, input, (source) => {
      if (!rangeFits(source, input.inFrame, input.outFrame))
        throw badFieldMessage('outFrame', 'renderRangeInvalid');
      return {
        range: { inFrame: input.inFrame, outFrame: input.outFrame },
        needs: subclipNeeds(source.kind),
      };
    });
  }

  async subclip(
    caller: Identity,
    sourceId: string,
    input: SubclipInput,
  ): Promise<{ renderId: string; item: ItemDto }> {
    const plan = await this.plan(caller, sourceId, input);
    return this.#render(
      caller,
      plan,
      'subclip',
      input.title ?? `${plan.source.title} ${rangeLabel(input, plan.rate)}`,
    );
  }

  /**
   * All of a source through a preset into a new item beside it, checked as a subclip is but for
   * the range: the preset needs only the source's kind of media (wholeRenderNeeds), so a re-wrap
   * copies its streams untouched.
   */
  async whole(
    caller: Identity,
    sourceId: string,
    input: WholeRenderInput,
  ): Promise<{ renderId: string; item: ItemDto }> {
    const plan = await this.#plan(caller, sourceId, input, (source) => ({
      range: { inFrame: 0, outFrame: source.frames },
      needs: wholeRenderNeeds(source.kind),
    }));
    return this.#render(caller, plan, 'whole', input.title ?? `${plan.source.title} (${plan.preset.name})`);
  }

  async #plan(
    caller: Identity,
    sourceId: string,
    input: RenderInput,
    ask: (source: MeasuredSource) => { range: FrameSpan; needs: PresetCapability[] },
  ): Promise<RenderPlan> {
    const tenantId = caller.tenant.id;
    const measured = await this.#d.sources.timed(caller, sourceId, {
      field: 'id',
      notOwnMedia: 'renderNeedsOwnMedia',
      notVideo: 'renderSourceHasNoVideo',
    });
    const { item: source, rate } = measured;
    const { range, needs } = ask(measured);
    await this.#d.rights.assertConfirmed(tenantId, [source], input.confirmRights ?? false);
    const preset = await this.#d.presets.forRender(tenantId, input.presetId, needs);
    if (measured.kind === 'audio' && recipeMakesPicture(preset.recipe))
      throw badFieldMessage('presetId', 'renderSourceHasNoVideo');
    return { source, preset, rate, range };
  }

  /** The new item announced through the intake with its render row and inherited rules, then the job queued. */
  async #render(
    caller: Identity,
    plan: RenderPlan,
    kind: 'subclip' | 'whole',
    title: string,
  ): Promise<{ renderId: string; item: ItemDto }> {
    const tenantId = caller.tenant.id;
    const { source, preset } = plan;
    const inherit = await this.#d.rights.inherited(tenantId, [source.id]);
    const renderId = newId();
    const itemId = newId();
    const versionId = newId();
    await this.#d.intake.announce(
      {
        tenantId,
        itemId,
        folderId: source.folder_id,
        userId: caller.user.id,
        title: title.slice(0, 500),
        itemType: recipeMakesPicture(preset.recipe) ? 'video' : 'audio',
      },
      async (trx) => {
        await this.#d.renders.insert(trx, renderRowOf(caller, plan, { renderId, itemId, versionId, kind }));
        await inherit(trx, itemId, nowIso());
      },
    );
    await this.#d.processing.startRender(tenantId, { renderId, itemId, versionId });
    return { renderId, item: await this.#d.items.get(caller, itemId) };
  }
}

/** Frames `inFrame` (included) to `outFrame` (excluded) of a source. */
interface FrameSpan {
  inFrame: number;
  outFrame: number;
}

/** A checked render: what a render row is made of. */
export interface RenderPlan {
  source: ItemRow;
  preset: Preset;
  rate: FrameRate;
  /** The frames rendered: a subclip's range, or all of them for a whole render. */
  range: FrameSpan;
}

/**
 * The renders row of a planned render making `itemId`: a subclip's or a whole render's new item, or
 * a placeholder a central render request fills (kind 'central'). A 'whole' render is never cut.
 */
export function renderRowOf(
  caller: Identity,
  plan: RenderPlan,
  target: { renderId: string; itemId: string; versionId: string; kind: 'subclip' | 'whole' | 'central' },
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
    in_frame: plan.range.inFrame,
    out_frame: plan.range.outFrame,
    created_by: caller.user.id,
    created_at: nowIso(),
  };
}

/** "00:00:10:00–00:00:20:00", the range in the source's timecode. */
const rangeLabel = (r: FrameSpan, rate: FrameRate): string =>
  `${framesToTimecode(r.inFrame, rate)}–${framesToTimecode(r.outFrame, rate)}`;
