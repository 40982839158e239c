import { MESSAGES, mediaActionRefusal, type FileItemType, type ItemMetadata } from '@skald/domain';
import type { ItemRow } from '../../db/rows.ts';
import type { Identity } from '../../identity/identity.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import { AppError, badFieldMessage } from '../../plugins/errors.ts';
import type { FoldersService } from '../folders/folders.service.ts';
import type { ItemIntake } from '../items/item-intake.ts';
import type { ItemPrefill } from '../items/item-prefill.ts';
import { itemShapeOf } from '../items/item-shape.ts';
import type { ItemHistoryEntry } from '../../db/rows.ts';
import type { Executor } from '../../db/executor.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { ProcessingService } from '../processing/processing.service.ts';
import {
  COPY_MEDIA_JOB,
  COPY_STARTED,
  copyJobKey,
  type CopyMediaJobPayload,
} from './placeholders.copy-job.ts';
import { nowIso } from '../../lib/time.ts';
import type { PlaceholdersRepository } from './placeholders.repository.ts';
import type { RenderRow, RendersRepository } from './renders.repository.ts';
import { renderRowOf, type RendersService, type SubclipInput } from './renders.service.ts';

export interface PlaceholderInput {
  folderId: string;
  itemType: FileItemType;
  title: string;
  /** The create placeholder view's values: form id → field id → value. */
  formValues?: ItemMetadata | undefined;
}

export interface CentralRenderInput extends SubclipInput {
  sourceItemId: string;
}

interface Deps {
  items: Pick<ItemsService, 'visible' | 'updatable' | 'get'>;
  folders: Pick<FoldersService, 'writableRow'>;
  prefill: Pick<ItemPrefill, 'check'>;
  intake: Pick<ItemIntake, 'placehold'>;
  renders: Pick<RendersService, 'plan'>;
  renderRows: Pick<RendersRepository, 'insert'>;
  placeholders: PlaceholdersRepository;
  processing: Pick<ProcessingService, 'startRender' | 'setState' | 'statesOf'>;
  queue: Pick<JobQueue, 'enqueue'>;
  /** Where the start of a copy is recorded (the items' history). */
  history: { addHistory(on: Executor, entries: readonly ItemHistoryEntry[]): Promise<void> };
}

type ItemDto = Awaited<ReturnType<ItemsService['get']>>;

export interface CentralRenderDto {
  renderId: string;
  sourceItemId: string;
  presetId: string;
  inFrame: number;
  outFrame: number;
  createdAt: string;
}

const present = (r: RenderRow): CentralRenderDto => ({
  renderId: r.id,
  sourceItemId: r.source_item_id,
  presetId: r.preset_id,
  inFrame: r.in_frame,
  outFrame: r.out_frame,
  createdAt: r.created_at,
});

const EMPTY = { state: null, progress: 0, errorMessage: null } as const;

/**
 * Spec §4 and §6 item.createPlaceholder, item.copyMedia: an item made before its media exists, which
 * media reaches later through the one intake — a central render request (a subclip rendered into
 * it; it can be deleted while it waits) or a merge that copies another item's media into it.
 */
export class PlaceholdersService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async create(caller: Identity, input: PlaceholderInput): Promise<ItemDto> {
    const folder = await this.#d.folders.writableRow(caller, input.folderId, 'folderId');
    if (input.formValues) await this.#d.prefill.check(caller, input.formValues, 'formValues');
    const itemId = newId();
    await this.#d.intake.placehold({
      tenantId: caller.tenant.id,
      itemId,
      folderId: folder.id,
      userId: caller.user.id,
      title: input.title,
      itemType: input.itemType,
      formValues: input.formValues,
    });
    return this.#d.items.get(caller, itemId);
  }

  /** The placeholder's central render request, waiting, running or failed. */
  async centralRender(caller: Identity, placeholderId: string): Promise<CentralRenderDto> {
    const { item } = await this.#d.items.visible(caller, placeholderId);
    const request = await this.#d.placeholders.centralRequestOf(caller.tenant.id, item.id);
    if (!request || item.leading_version_id !== null)
      throw new AppError('not_found', MESSAGES.noCentralRenderRequest);
    return present(request);
  }

  /** A subclip of the source rendered into the placeholder: its file becomes the placeholder's first version. */
  async requestRender(
    caller: Identity,
    placeholderId: string,
    input: CentralRenderInput,
  ): Promise<{ renderId: string; item: ItemDto }> {
    const tenantId = caller.tenant.id;
    const target = await this.#emptyPlaceholder(caller, placeholderId);
    const plan = await this.#d.renders.plan(caller, input.sourceItemId, input);
    const renderId = newId();
    const versionId = newId();
    await this.#d.placeholders.transaction(async (trx) => {
      // A failed request before this one gives way to it.
      await this.#d.placeholders.deleteCentralRequests(trx, tenantId, target.id);
      await this.#d.renderRows.insert(
        trx,
        renderRowOf(caller, plan, { renderId, itemId: target.id, versionId, kind: 'central' }),
      );
      await this.#d.processing.setState(
        'transcoding',
        tenantId,
        target.id,
        { state: 'initiated', progress: 0, errorMessage: null },
        trx,
      );
    });
    await this.#d.processing.startRender(tenantId, { renderId, itemId: target.id, versionId });
    return { renderId, item: await this.#d.items.get(caller, target.id) };
  }

  /**
   * Deletes the placeholder's central render request: one waiting or failed goes, and the
   * placeholder is empty again; one being rendered cannot be stopped halfway.
   */
  async cancelRender(caller: Identity, placeholderId: string): Promise<void> {
    const tenantId = caller.tenant.id;
    const { item } = await this.#d.items.updatable(caller, placeholderId);
    const request = await this.#d.placeholders.centralRequestOf(tenantId, item.id);
    if (!request || item.leading_version_id !== null)
      throw new AppError('not_found', MESSAGES.noCentralRenderRequest);
    if ((await this.#transcoding(tenantId, item.id)) === 'progressing')
      throw new AppError('conflict', MESSAGES.cancelCentralRenderFailed);
    // The job, if it is still queued, finds no render and ends without a file.
    await this.#d.placeholders.transaction(async (trx) => {
      await this.#d.placeholders.deleteCentralRequests(trx, tenantId, item.id);
      await this.#d.processing.setState('transcoding', tenantId, item.id, EMPTY, trx);
    });
  }

  /** Spec §4 merge: the source's media (its leading version now) is copied into the placeholder by a job. */
  async copyMedia(caller: Identity, placeholderId: string, sourceItemId: string): Promise<ItemDto> {
    const tenantId = caller.tenant.id;
    const target = await this.#emptyPlaceholder(caller, placeholderId);
    const { item: source } = await this.#d.items.visible(caller, sourceItemId);
    if (mediaActionRefusal(itemShapeOf(source), 'download') !== null || !source.leading_version_id)
      throw badFieldMessage('sourceItemId', 'copySourceHasNoMedia');
    const payload: CopyMediaJobPayload = {
      itemId: target.id,
      versionId: newId(),
      sourceItemId: source.id,
      sourceVersionId: source.leading_version_id,
      userId: caller.user.id,
    };
    // The start is recorded with the state, so a job never queued is queued at start (copy requeue).
    await this.#d.placeholders.transaction(async (trx) => {
      const { itemId, userId, ...details } = payload;
      await this.#d.history.addHistory(trx, [
        { tenantId, itemId, actorId: userId, action: COPY_STARTED, details, at: nowIso() },
      ]);
      await this.#d.processing.setState(
        'transcoding',
        tenantId,
        target.id,
        { state: 'initiated', progress: 0, errorMessage: null },
        trx,
      );
    });
    try {
      await this.#d.queue.enqueue(COPY_MEDIA_JOB, payload, { tenantId, idempotencyKey: copyJobKey(payload) });
    } catch {
      // The queue could not take the job: the placeholder is empty again, and the caller told so.
      await this.#d.processing.setState('transcoding', tenantId, target.id, EMPTY);
      throw new AppError('unavailable', MESSAGES.copyMediaFailed);
    }
    return this.#d.items.get(caller, target.id);
  }

  /** A placeholder the caller may fill: updatable, with no media and none on its way. */
  async #emptyPlaceholder(caller: Identity, id: string): Promise<ItemRow> {
    const { item } = await this.#d.items.updatable(caller, id);
    const notFillable = item.leading_version_id !== null || mediaActionRefusal(itemShapeOf(item), 'version');
    if (notFillable) throw new AppError('conflict', MESSAGES.placeholderHasMedia);
    const state = await this.#transcoding(caller.tenant.id, item.id);
    if (state === 'initiated' || state === 'progressing')
      throw new AppError('conflict', MESSAGES.placeholderBusy);
    return item;
  }

  async #transcoding(tenantId: string, itemId: string) {
    const states = await this.#d.processing.statesOf(tenantId, [itemId]);
    return states.find((s) => s.kind === 'transcoding')?.state ?? null;
  }
}
