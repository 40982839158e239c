import {
  usedParts,
  type ItemType,
  type PresetCapability,
  type SequenceClip,
  type UsedPart,
} from '@skald/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';
import type { ItemHistoryEntry } from '../../db/rows.ts';
import type { Identity } from '../../identity/identity.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { badFieldMessage } from '../../plugins/errors.ts';
import type { ItemIntake } from '../items/item-intake.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { ProcessingService } from '../processing/processing.service.ts';
import type { PresetsService } from './presets.service.ts';
import type { RenderRights } from './render-rights.ts';
import { rangeFits, type MeasuredSource, type RenderSources } from './render-sources.ts';
import type { RendersRepository } from './renders.repository.ts';
import type { SequencesRepository } from './sequences.repository.ts';

export interface SequenceCreate {
  title: string;
  clips: SequenceClip[];
}

export interface SequenceExport {
  presetId: string;
  title?: string | undefined;
  /** The caller saw that sources are outside their usage rights and renders all the same. */
  confirmRights?: boolean | undefined;
}

/** A clip as the cutter shows it: its range, and its source's title, frame rate and length in frames. */
export interface SequenceClipDto extends SequenceClip {
  title: string;
  frameRate: MeasuredSource['rate'];
  sourceFrames: number;
}

/** A source a sequence depends on, and the parts of it the sequence uses. */
export interface SequenceDependency {
  sourceItemId: string;
  title: string;
  fileName: string;
  frameRate: MeasuredSource['rate'];
  parts: UsedPart[];
}

/** The item writes an edit of a sequence makes in one transaction (the items repository's). */
export interface SequenceItemWrites {
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  update(trx: Executor, tenantId: string, id: string, patch: { updated_at: string }): Promise<void>;
  addHistory(on: Executor, entries: readonly ItemHistoryEntry[]): Promise<void>;
}

interface Deps {
  items: Pick<ItemsService, 'visible' | 'updatable' | 'get'>;
  itemRows: SequenceItemWrites;
  sources: RenderSources;
  sequences: SequencesRepository;
  presets: Pick<PresetsService, 'forRender'>;
  intake: Pick<ItemIntake, 'createFileless' | 'announce'>;
  processing: Pick<ProcessingService, 'startRender'>;
  renders: RendersRepository;
  rights: Pick<RenderRights, 'inherited' | 'assertConfirmed'>;
}

type ItemDto = Awaited<ReturnType<ItemsService['get']>>;

/** Spec §1 clip lists: a sequence item of ranges of video items, and its export through a preset (item.exportSequence). */
export class SequencesService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /** Saves a clip list as a new sequence item, in the folder of its first clip's source. */
  async create(caller: Identity, input: SequenceCreate): Promise<ItemDto> {
    const tenantId = caller.tenant.id;
    const sources = await this.#measured(caller, input.clips);
    const first = sources.get(input.clips[0]?.sourceItemId ?? '');
    if (!first) throw badFieldMessage('clips', 'sequenceEmpty');
    const inherit = await this.#d.rights.inherited(
      tenantId,
      input.clips.map((c) => c.sourceItemId),
    );
    const itemId = newId();
    await this.#d.intake.createFileless(
      {
        tenantId,
        itemId,
        folderId: first.item.folder_id,
        userId: caller.user.id,
        title: input.title,
        itemType: 'sequence',
      },
      async (trx) => {
        await this.#d.sequences.replace(trx, tenantId, itemId, input.clips);
        await inherit(trx, itemId, nowIso());
      },
    );
    return this.#d.items.get(caller, itemId);
  }

  /** A sequence's clips in order, each with its source's title, frame rate and length. */
  async clips(caller: Identity, sequenceId: string): Promise<SequenceClipDto[]> {
    const clips = await this.#clipsOf(caller, sequenceId);
    const sources = await this.#measured(caller, clips);
    return clips.map((c) => {
      const source = sourceOf(sources, c.sourceItemId);
      return { ...c, title: source.item.title, frameRate: source.rate, sourceFrames: source.frames };
    });
  }

  /**
   * Replaces a saved sequence's clip list (add, remove, reorder, trim in the cutter): the caller
   * updates the item (item.update and its updatable-by), the clips pass the rules of a new sequence,
   * and the item's history records the change. Exports made before keep the clips they were made of.
   */
  async edit(caller: Identity, sequenceId: string, clips: SequenceClip[]): Promise<SequenceClipDto[]> {
    const tenantId = caller.tenant.id;
    const { item } = await this.#d.items.updatable(caller, sequenceId);
    if ((item.item_type as ItemType) !== 'sequence') throw badFieldMessage('id', 'sequenceNotASequence');
    await this.#measured(caller, clips);
    const before = await this.#d.sequences.clipsOf(tenantId, sequenceId);
    const at = nowIso();
    await this.#d.itemRows.transaction(async (trx) => {
      await this.#d.sequences.replace(trx, tenantId, sequenceId, clips);
      await this.#d.itemRows.update(trx, tenantId, sequenceId, { updated_at: at });
      await this.#d.itemRows.addHistory(trx, [
        {
          tenantId,
          itemId: sequenceId,
          actorId: caller.user.id,
          action: 'sequenceEdited',
          details: { clipsBefore: before.length, clipsAfter: clips.length },
          at,
        },
      ]);
    });
    return this.clips(caller, sequenceId);
  }

  /** What an export of the sequence depends on: each source once, with the parts of it used. */
  async dependencies(caller: Identity, sequenceId: string): Promise<SequenceDependency[]> {
    const clips = await this.#clipsOf(caller, sequenceId);
    const sources = await this.#measured(caller, clips);
    return usedParts(clips).map(({ sourceItemId, parts }) => {
      const source = sourceOf(sources, sourceItemId);
      return {
        sourceItemId,
        title: source.item.title,
        fileName: source.item.file_name,
        frameRate: source.rate,
        parts,
      };
    });
  }

  /** Renders the sequence through a preset into a new video item beside it, with progress. */
  async export(
    caller: Identity,
    sequenceId: string,
    input: SequenceExport,
  ): Promise<{ renderId: string; item: ItemDto }> {
    const tenantId = caller.tenant.id;
    const { item: sequence } = await this.#d.items.visible(caller, sequenceId);
    const clips = await this.#clipsOf(caller, sequenceId);
    const sources = await this.#measured(caller, clips);
    await this.#d.rights.assertConfirmed(
      tenantId,
      [...sources.values()].map((s) => s.item),
      input.confirmRights ?? false,
    );
    const needs: PresetCapability[] = ['sequence', 'video'];
    const preset = await this.#d.presets.forRender(tenantId, input.presetId, needs);
    const inherit = await this.#d.rights.inherited(
      tenantId,
      clips.map((c) => c.sourceItemId),
    );
    const renderId = newId();
    const itemId = newId();
    const versionId = newId();
    const frames = clips.reduce((sum, c) => sum + c.outFrame - c.inFrame, 0);
    await this.#d.intake.announce(
      {
        tenantId,
        itemId,
        folderId: sequence.folder_id,
        userId: caller.user.id,
        title: (input.title ?? sequence.title).slice(0, 500),
        itemType: 'video',
      },
      async (trx) => {
        await this.#d.renders.insert(trx, {
          id: renderId,
          tenant_id: tenantId,
          kind: 'sequence',
          source_item_id: sequence.id,
          preset_id: preset.id,
          target_item_id: itemId,
          target_version_id: versionId,
          recipe: preset.recipe,
          start_timecode: preset.overrideStartTimecode ? preset.startTimecode : null,
          in_frame: 0,
          out_frame: frames,
          clips: JSON.stringify(clips),
          created_by: caller.user.id,
          created_at: nowIso(),
        });
        await inherit(trx, itemId, nowIso());
      },
    );
    await this.#d.processing.startRender(tenantId, { renderId, itemId, versionId });
    return { renderId, item: await this.#d.items.get(caller, itemId) };
  }

  async #clipsOf(caller: Identity, sequenceId: string): Promise<SequenceClip[]> {
    const { item } = await this.#d.items.visible(caller, sequenceId);
    if ((item.item_type as ItemType) !== 'sequence') throw badFieldMessage('id', 'sequenceNotASequence');
    const clips = await this.#d.sequences.clipsOf(caller.tenant.id, sequenceId);
    if (clips.length === 0) throw badFieldMessage('clips', 'sequenceEmpty');
    return clips;
  }

  /**
   * Each clip's source, once, measured: every one must be a video the caller sees (spec §5 "adding
   * items to a sequence requires all items to be video"), each range within its source.
   */
  async #measured(caller: Identity, clips: readonly SequenceClip[]): Promise<Map<string, MeasuredSource>> {
    if (clips.length === 0) throw badFieldMessage('clips', 'sequenceEmpty');
    const sources = new Map<string, MeasuredSource>();
    for (const [i, clip] of clips.entries()) {
      let source = sources.get(clip.sourceItemId);
      if (!source) {
        source = await this.#d.sources.video(caller, clip.sourceItemId, {
          field: `clips.${i}.sourceItemId`,
          notOwnMedia: 'renderNeedsOwnMedia',
          notVideo: 'sequenceVideoOnly',
        });
        sources.set(clip.sourceItemId, source);
      }
      if (!rangeFits(source, clip.inFrame, clip.outFrame))
        throw badFieldMessage(`clips.${i}.outFrame`, 'renderRangeInvalid');
    }
    return sources;
  }
}

function sourceOf(sources: ReadonlyMap<string, MeasuredSource>, id: string): MeasuredSource {
  const source = sources.get(id);
  if (!source) throw new Error('a measured source is missing');
  return source;
}
