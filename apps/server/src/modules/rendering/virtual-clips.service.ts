import { frameToSeconds } from '@skald/domain';
import type { Identity } from '../../identity/identity.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { badFieldMessage } from '../../plugins/errors.ts';
import type { ItemIntake } from '../items/item-intake.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { RenderRights } from './render-rights.ts';
import { rangeFits, type RenderSources } from './render-sources.ts';

export interface VirtualClipInput {
  inFrame: number;
  outFrame: number;
  title?: string | undefined;
}

interface Deps {
  items: Pick<ItemsService, 'get'>;
  sources: RenderSources;
  intake: Pick<ItemIntake, 'createFileless'>;
  rights: Pick<RenderRights, 'inherited'>;
}

type ItemDto = Awaited<ReturnType<ItemsService['get']>>;

/**
 * Spec §6 item.createVirtualClip: a new item that plays a frame range of its source through the
 * source's streams, rendering nothing. It has no file of its own, so it is neither downloaded nor
 * versioned (domain mediaActionRefusal); it carries its source's usage rules.
 */
export class VirtualClipsService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async create(caller: Identity, sourceId: string, input: VirtualClipInput): Promise<ItemDto> {
    const tenantId = caller.tenant.id;
    const source = await this.#d.sources.video(caller, sourceId, {
      field: 'id',
      notOwnMedia: 'renderNeedsOwnMedia',
      notVideo: 'renderSourceHasNoVideo',
    });
    if (!rangeFits(source, input.inFrame, input.outFrame))
      throw badFieldMessage('outFrame', 'renderRangeInvalid');
    const inherit = await this.#d.rights.inherited(tenantId, [source.item.id]);
    const itemId = newId();
    const ms = (frame: number) => Math.round(frameToSeconds(frame, source.rate) * 1000);
    await this.#d.intake.createFileless(
      {
        tenantId,
        itemId,
        folderId: source.item.folder_id,
        userId: caller.user.id,
        title: (input.title ?? `${source.item.title} (virtual clip)`).slice(0, 500),
        itemType: 'video',
        clip: { sourceItemId: source.item.id, startMs: ms(input.inFrame), endMs: ms(input.outFrame) },
      },
      (trx) => inherit(trx, itemId, nowIso()),
    );
    return this.#d.items.get(caller, itemId);
  }
}
