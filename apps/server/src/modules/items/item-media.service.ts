import { MESSAGES, mediaActionRefusal } from '@skald/domain';
import { newId } from '../../lib/ids.ts';
import type { Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { BlobKey } from '../../storage/blob-key.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { Identity } from '../../identity/identity.ts';
import type { DownloadsRepository } from './downloads.repository.ts';
import type { ItemsRepository } from './items.repository.ts';
import type { ItemsService } from './items.service.ts';
import { itemShapeOf } from './item-shape.ts';
import {
  isRenditionFile,
  originalKey,
  parseRenditions,
  renditionContentType,
  renditionKey,
} from './renditions.ts';

export interface BlobAnswer {
  key: BlobKey;
  contentType: string;
  downloadName?: string;
}

const noMedia = () => notFound(MESSAGES.itemHasNoMedia);

/** Which blob answers a media or download request, after the item's visibility is checked. */
export class ItemMediaService {
  readonly #items: ItemsService;
  readonly #rows: ItemsRepository;
  readonly #downloads: DownloadsRepository;
  readonly #blobs: BlobStore;

  constructor(items: ItemsService, rows: ItemsRepository, downloads: DownloadsRepository, blobs: BlobStore) {
    this.#items = items;
    this.#rows = rows;
    this.#downloads = downloads;
    this.#blobs = blobs;
  }

  /** A rendition of the leading version; only names the pipeline wrote are served. */
  async rendition(caller: Identity, itemId: string, file: string): Promise<BlobAnswer> {
    const { item: visible } = await this.#items.visible(caller, itemId, { deleted: true });
    // A virtual clip plays its source's streams (the player keeps to the clip's range), while the source is live.
    const source =
      visible.clip_source_id === null
        ? visible
        : await this.#rows.byId(caller.tenant.id, visible.clip_source_id);
    const item = source?.deleted_at === null || source === visible ? source : undefined;
    const version =
      item?.leading_version_id && (await this.#rows.version(caller.tenant.id, item.leading_version_id));
    if (!item || !version || !isRenditionFile(parseRenditions(version.renditions), file)) throw noMedia();
    return {
      key: renditionKey(caller.tenant.id, item.id, version.id, file),
      contentType: renditionContentType(file),
    };
  }

  async download(
    caller: Identity,
    itemId: string,
    kind: 'original' | 'proxy',
    versionId: string | undefined,
  ): Promise<BlobAnswer> {
    const { item } = await this.#items.visible(caller, itemId);
    const notForThisItem = mediaActionRefusal(itemShapeOf(item), 'download');
    if (notForThisItem !== null) throw new AppError('bad_request', MESSAGES[notForThisItem]);
    const id = versionId ?? item.leading_version_id;
    const version = id === null ? undefined : await this.#rows.version(caller.tenant.id, id);
    if (!version || version.item_id !== item.id) throw noMedia();
    const proxy = parseRenditions(version.renditions)?.proxy;
    if (kind === 'proxy' && proxy === undefined) throw noMedia();
    const answer: BlobAnswer =
      kind === 'original'
        ? {
            key: originalKey(caller.tenant.id, item.id, version.id),
            contentType: version.mime_type ?? 'application/octet-stream',
            downloadName: version.filename,
          }
        : {
            key: renditionKey(caller.tenant.id, item.id, version.id, proxy ?? ''),
            contentType: renditionContentType(proxy ?? ''),
            downloadName: `${stem(version.filename)}-proxy${proxy?.slice(proxy.lastIndexOf('.')) ?? ''}`,
          };
    const stat = await this.#blobs.stat(answer.key);
    if (!stat) throw noMedia();
    await this.#downloads.insert({
      id: newId(),
      tenant_id: caller.tenant.id,
      user_id: caller.user.id,
      item_id: item.id,
      version_id: version.id,
      kind,
      filename: answer.downloadName ?? version.filename,
      size: stat.size,
      created_at: nowIso(),
    });
    await this.#rows.addHistory(this.#rows.executor, [
      {
        tenantId: caller.tenant.id,
        itemId: item.id,
        actorId: caller.user.id,
        action: 'downloaded',
        details: { kind, version: version.number },
        at: nowIso(),
      },
    ]);
    return answer;
  }

  async downloads(caller: Identity, q: Paging) {
    const page = await this.#downloads.ofUser(caller.tenant.id, caller.user.id, q);
    return {
      ...page,
      items: page.items.map((d) => ({
        id: d.id,
        itemId: d.item_id,
        title: d.title ?? '',
        kind: d.kind,
        filename: d.filename,
        size: d.size,
        createdAt: d.created_at,
      })),
    };
  }
}

const stem = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(0, dot) : filename;
};
