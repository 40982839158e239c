import type { FileItemType, ItemMetadata } from '@skald/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';
import type { ItemHistoryEntry } from '../../db/rows.ts';
import { nowIso } from '../../lib/time.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { InitialMetadata, ItemPrefill } from './item-prefill.ts';
import type { ItemProcessing } from './item-processing.ts';
import type { ItemInsert, ItemsRepository } from './items.repository.ts';
import { newItemColumns } from './new-item-columns.ts';
import { originalKey } from './renditions.ts';

/** A file arriving in the library, with the ids it becomes (chosen before it arrived, so a retry finds them). */
export interface ArrivingFile {
  tenantId: string;
  itemId: string;
  versionId: string;
  /** Where a new item goes; a new version stays where its item is. */
  folderId: string;
  userId: string;
  filename: string;
  size: number;
  mimeType: string | null;
  /** What the content or the name says it is; the media job's probe settles it. */
  itemType: FileItemType;
  /**
   * Form values set for the upload, checked when it was created: a new item gets them (its upload
   * view) over its folder's defaults; a new version sets them on its item (its new version view).
   */
  formValues?: ItemMetadata | undefined;
  /** The upload request a guest sent the file through: the guest's values are the link's in the history. */
  share?: { id: string; title: string } | undefined;
}

/** An item whose file is still being made (a render): it exists, in its folder, before its first version. */
export interface AnnouncedItem {
  tenantId: string;
  itemId: string;
  folderId: string;
  userId: string;
  title: string;
  itemType: FileItemType;
}

/** An item with no file of its own (spec §1 clip list, §2 virtual clip): complete as soon as it exists. */
export interface FilelessItem {
  tenantId: string;
  itemId: string;
  folderId: string;
  userId: string;
  title: string;
  itemType: 'sequence' | 'video';
  /** A virtual clip's source and range, in milliseconds of the source. */
  clip?: { sourceItemId: string; startMs: number; endMs: number } | undefined;
}

export interface IntakeOptions {
  /** A local file to move into the blob store as the original; left out when it is there already. */
  localFile?: string | undefined;
  /** More writes of the caller's, in the same transaction (an upload marks itself complete). */
  within?: ((trx: Executor) => Promise<void>) | undefined;
}

interface Deps {
  items: ItemsRepository;
  blobs: BlobStore;
  processing: ItemProcessing;
  /** A new item's form values: its folder's defaults under the upload's own. */
  prefill: Pick<ItemPrefill, 'initial' | 'forVersion' | 'store' | 'storeOver'>;
}

const titleOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return (dot > 0 ? filename.slice(0, dot) : filename).slice(0, 500) || filename;
};

/**
 * The changes a guest made through an upload request's link are the link's: no user, the share
 * named (as an edit on a share page is); a folder's defaults stay the uploader's.
 */
function byLink(file: ArrivingFile, entries: ItemHistoryEntry[]): ItemHistoryEntry[] {
  const { share, formValues } = file;
  if (!share || !formValues) return entries;
  return entries.map((e) => {
    const { form, field } = (e.details ?? {}) as { form?: string; field?: string };
    const given = form !== undefined && field !== undefined && Object.hasOwn(formValues[form] ?? {}, field);
    return given ? { ...e, actorId: null, details: { ...e.details, share } } : e;
  });
}

/**
 * The one way a file becomes an item: a new item with its first version, or a new leading version
 * of an existing one, then its processing. Uploads use it; live recordings, ingest and rendering
 * will. Every step can run again after a crash: rows that exist are kept, the state is set again.
 */
export class ItemIntake {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async receive(file: ArrivingFile, options: IntakeOptions = {}): Promise<void> {
    if (options.localFile !== undefined) {
      await this.#d.blobs.putFile(
        originalKey(file.tenantId, file.itemId, file.versionId),
        options.localFile,
        {
          move: true,
          contentType: file.mimeType ?? undefined,
        },
      );
    }
    // Read before the transaction (SQLite has one connection, which the transaction holds).
    const existing = await this.#d.items.byId(file.tenantId, file.itemId);
    const initial = existing
      ? await this.#d.prefill.forVersion(file.tenantId, file.formValues ?? {})
      : await this.#d.prefill.initial(file.tenantId, file.folderId, file.formValues ?? {});
    await this.#record(file, initial, options.within);
    await this.#d.processing.start('transcoding', file.tenantId, file.itemId, file.versionId, file.userId);
  }

  /**
   * Makes an item whose file is on its way (a render writes it, then `receive`s it as the item's
   * first version): the item exists from now on, its transcoding initiated, so the library shows it
   * being made. `within` adds the caller's writes to the same transaction.
   */
  async announce(item: AnnouncedItem, within?: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    const at = nowIso();
    const items = this.#d.items;
    await items.transaction(async (trx) => {
      await items.insert(trx, {
        ...newItemColumns(item, at),
        title: item.title,
      });
      await items.addHistory(trx, [
        { tenantId: item.tenantId, itemId: item.itemId, actorId: item.userId, action: 'created', at },
      ]);
      await this.#d.processing.setState(
        'transcoding',
        item.tenantId,
        item.itemId,
        { state: 'initiated', progress: 0, errorMessage: null },
        trx,
      );
      await within?.(trx);
    });
  }

  /**
   * Makes a placeholder (spec §6 item.createPlaceholder): an item of its type before its media
   * exists, with no version and no processing, holding the form values of the create placeholder
   * view over its folder's defaults. Its media arrives later through `receive` (copyMedia, a
   * central render request), as a first version does.
   */
  async placehold(item: AnnouncedItem & { formValues?: ItemMetadata | undefined }): Promise<void> {
    const initial = await this.#d.prefill.initial(item.tenantId, item.folderId, item.formValues ?? {});
    await this.#insertWithoutVersion(
      item,
      initial.description === null ? {} : { description: initial.description },
      initial,
    );
  }

  /**
   * Makes an item that has no file (a sequence, a virtual clip): it exists at once, with nothing to
   * process. `within` adds the caller's writes (its clips, inherited form values) to the same transaction.
   */
  async createFileless(
    item: FilelessItem,
    within?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<void> {
    const clip = item.clip
      ? {
          clip_source_id: item.clip.sourceItemId,
          clip_start_ms: item.clip.startMs,
          clip_end_ms: item.clip.endMs,
        }
      : {};
    await this.#insertWithoutVersion(item, clip, null, within);
  }

  /** An item with no version and nothing to process: its row, its history (and initial form values), the caller's writes. */
  async #insertWithoutVersion(
    item: AnnouncedItem | FilelessItem,
    columns: Partial<Pick<ItemInsert, 'description' | 'clip_source_id' | 'clip_start_ms' | 'clip_end_ms'>>,
    initial: InitialMetadata | null,
    within?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<void> {
    const at = nowIso();
    const items = this.#d.items;
    await items.transaction(async (trx) => {
      await items.insert(trx, { ...newItemColumns(item, at), title: item.title, ...columns });
      const entry = { tenantId: item.tenantId, itemId: item.itemId, actorId: item.userId, at };
      await items.addHistory(trx, [
        { ...entry, action: 'created' },
        ...(initial ? await this.#d.prefill.store(trx, entry, initial) : []),
      ]);
      await within?.(trx);
    });
  }

  async #record(
    file: ArrivingFile,
    initial: InitialMetadata,
    within: IntakeOptions['within'],
  ): Promise<void> {
    const at = nowIso();
    const items = this.#d.items;
    const { tenantId, itemId, versionId } = file;
    await items.transaction(async (trx) => {
      const existing = await items.byId(tenantId, itemId, trx);
      if (!existing) {
        await items.insert(trx, {
          ...newItemColumns(file, at),
          title: titleOf(file.filename),
          ...(initial.description === null ? {} : { description: initial.description }),
        });
      }
      if (!(await items.version(tenantId, versionId, trx))) {
        await items.insertVersion(trx, {
          id: versionId,
          tenant_id: tenantId,
          item_id: itemId,
          number: await items.nextVersionNumber(trx, tenantId, itemId),
          filename: file.filename,
          size: file.size,
          sha256: null,
          mime_type: file.mimeType,
          item_type: file.itemType,
          technical: null,
          renditions: null,
          created_by: file.userId,
          created_at: at,
        });
        const entry = { tenantId, itemId, actorId: file.userId, at };
        await items.addHistory(trx, [
          {
            ...entry,
            action: existing ? 'versionAdded' : 'uploaded',
            details: { filename: file.filename, size: file.size },
          },
          // A new item's form values, written with it; a new version's, over its item's.
          ...byLink(
            file,
            existing
              ? await this.#d.prefill.storeOver(trx, entry, existing, initial)
              : await this.#d.prefill.store(trx, entry, initial),
          ),
        ]);
        if (existing && initial.description !== null) {
          await items.update(trx, tenantId, itemId, { description: initial.description });
        }
      }
      // The new version leads: the item is of its type, and its processing is due (in this
      // transaction, so a crash before the job is queued leaves the item to the start-up sweep).
      await items.update(trx, tenantId, itemId, {
        leading_version_id: versionId,
        file_name: file.filename,
        item_type: file.itemType,
        updated_at: at,
      });
      await this.#d.processing.setState(
        'transcoding',
        tenantId,
        itemId,
        { state: 'initiated', progress: 0, errorMessage: null },
        trx,
      );
      await within?.(trx);
    });
  }
}
