import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, exportFileName, type CropArea } from '@skald/domain';
import type { VersionRow } from '../../db/rows.ts';
import type { Identity } from '../../identity/identity.ts';
import { newId } from '../../lib/ids.ts';
import { cropPicture, CropOutsideError } from '../../media/crop.ts';
import { MediaError } from '../../media/media-error.ts';
import { AppError, badFieldMessage } from '../../plugins/errors.ts';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store.ts';
import { withLocalFile } from '../../storage/local-file.ts';
import type { FoldersService } from '../folders/folders.service.ts';
import type { ItemIntake } from '../items/item-intake.ts';
import type { ItemsService } from '../items/items.service.ts';
import { originalKey } from '../items/renditions.ts';
import type { ExportNames } from '../processing/render-job.ts';

export interface CropInput {
  /** Percent of the picture as displayed; missing: spec §8 'Save crop failed. Missing crop data'. */
  crop?: CropArea | undefined;
  title?: string | undefined;
}

interface Deps {
  items: Pick<ItemsService, 'visible' | 'get'>;
  versions: { version(tenantId: string, versionId: string): Promise<VersionRow | undefined> };
  folders: Pick<FoldersService, 'writableRow'>;
  blobs: BlobStore;
  intake: Pick<ItemIntake, 'receive'>;
  exportNames: ExportNames;
  /** Each crop works in its own folder under here, removed afterwards. */
  workDir: string;
}

type ItemDto = Awaited<ReturnType<ItemsService['get']>>;

const isSvg = (v: VersionRow): boolean =>
  v.mime_type === 'image/svg+xml' || v.filename.toLowerCase().endsWith('.svg');

/**
 * Spec §7 cropImage: a part of a picture's original becomes a new item beside it (answered as
 * `createdItem`), through the one intake, so it is processed as an upload. Not for SVG (§5), only
 * from the original (§8), at most 100 MB (§9).
 */
export class CropService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async crop(caller: Identity, itemId: string, input: CropInput): Promise<{ createdItem: ItemDto }> {
    const tenantId = caller.tenant.id;
    const { item } = await this.#d.items.visible(caller, itemId);
    if (item.item_type !== 'image') throw badFieldMessage('id', 'cropOnlyPictures');
    const version = item.leading_version_id
      ? await this.#d.versions.version(tenantId, item.leading_version_id)
      : undefined;
    if (!version) throw new AppError('conflict', MESSAGES.noHighResImage);
    if (isSvg(version)) throw badFieldMessage('id', 'svgCropNotSupported');
    const area = input.crop;
    if (!area) throw badFieldMessage('crop', 'saveCropFailed');
    const folder = await this.#d.folders.writableRow(caller, item.folder_id, 'id');
    const dir = path.join(this.#d.workDir, `crop-${newId()}`);
    await mkdir(dir, { recursive: true });
    const createdId = newId();
    try {
      const cropped = await withLocalFile(
        this.#d.blobs,
        originalKey(tenantId, item.id, version.id),
        (file) => cropPicture(file, path.join(dir, 'crop'), area),
        { tempDir: dir },
      ).catch(refusal);
      const title = (input.title ?? `${item.title} (crop)`).slice(0, 500);
      await this.#d.intake.receive(
        {
          tenantId,
          itemId: createdId,
          versionId: newId(),
          folderId: folder.id,
          userId: caller.user.id,
          filename: exportFileName(
            title,
            cropped.extension,
            await this.#d.exportNames.exportFileNameLength(tenantId),
          ),
          size: cropped.size,
          mimeType: cropped.mimeType,
          itemType: 'image',
        },
        { localFile: cropped.file },
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return { createdItem: await this.#d.items.get(caller, createdId) };
  }
}

/** What the original or the tools refuse, as the answer says it. */
function refusal(error: unknown): never {
  if (error instanceof BlobNotFoundError) throw new AppError('conflict', MESSAGES.noHighResImage);
  if (error instanceof CropOutsideError) throw badFieldMessage('crop', 'cropAreaOutside');
  if (error instanceof MediaError) {
    if (error.message === MESSAGES.svgCropNotSupported) throw badFieldMessage('id', 'svgCropNotSupported');
    throw new AppError('conflict', error.message);
  }
  throw error;
}
