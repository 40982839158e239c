import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, isAcceptedFile, type ItemMetadata } from '@skald/domain';
import type { Logger } from '../../lib/logger.ts';
import { itemTypeOf, sniffFile, type SniffedType as SniffResult } from '../../media/probe.ts';
import { nowIso } from '../../lib/time.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { withLocalFile } from '../../storage/local-file.ts';
import type { ItemIntake } from '../items/item-intake.ts';
import { originalKey } from '../items/renditions.ts';
import { parseStringList } from '../../lib/json-list.ts';
import type { UploadRow, UploadsRepository } from './uploads.repository.ts';

export class UploadRejectedError extends Error {
  override name = 'UploadRejectedError';
}

/** The tenant's list of refused extensions (the tenants repository, passed in by the composition root). */
export interface UploadPolicies {
  byId(tenantId: string): Promise<{ forbidden_extensions: string } | undefined>;
}

interface Deps {
  uploads: UploadsRepository;
  intake: ItemIntake;
  tenants: UploadPolicies;
  blobs: BlobStore;
  /** Where the tus file store keeps unfinished uploads. */
  directory: string;
  log: Logger;
}

/**
 * Turns a completed upload into an item (or a new version of one): checks the content, then hands
 * the file to the item intake, which stores it, writes the rows and starts its processing. Every
 * step can run again after a crash (`recover`), so a finished upload is never lost between the
 * last byte and the item.
 */
export class UploadFinisher {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  fileOf(uploadId: string): string {
    return path.join(this.#d.directory, uploadId);
  }

  async finish(row: UploadRow): Promise<void> {
    if (row.state !== 'uploading') return;
    const key = originalKey(row.tenant_id, row.item_id, row.version_id);
    const file = this.fileOf(row.id);
    let sniffed: SniffResult;
    let localFile: string | undefined;
    if (await this.#d.blobs.exists(key)) {
      // A crash after the move: the content was checked then; read its type from the blob.
      sniffed = await withLocalFile(this.#d.blobs, key, sniffFile);
    } else {
      sniffed = await sniffFile(file);
      await this.#checkContent(row, sniffed);
      localFile = file;
    }
    const at = nowIso();
    const share = row.form_values === null ? undefined : await this.#d.uploads.shareOf(row.tenant_id, row.id);
    await this.#d.intake.receive(
      {
        tenantId: row.tenant_id,
        itemId: row.item_id,
        versionId: row.version_id,
        folderId: row.folder_id,
        userId: row.user_id,
        filename: row.filename,
        size: row.size,
        mimeType: sniffed.mimeType,
        itemType: itemTypeOf(sniffed, row.filename),
        formValues: row.form_values === null ? undefined : (JSON.parse(row.form_values) as ItemMetadata),
        share,
      },
      {
        localFile,
        within: (trx) =>
          this.#d.uploads.update(
            row.tenant_id,
            row.id,
            { state: 'complete', received: row.size, completed_at: at, updated_at: at },
            trx,
          ),
      },
    );
    await rm(`${file}.json`, { force: true });
  }

  async reject(row: UploadRow, message: string): Promise<void> {
    await this.#d.uploads.update(row.tenant_id, row.id, {
      state: 'rejected',
      error: message,
      updated_at: nowIso(),
    });
    await rm(this.fileOf(row.id), { force: true });
    await rm(`${this.fileOf(row.id)}.json`, { force: true });
  }

  /** At start: uploads whose last byte arrived but whose item was not written yet. */
  async recover(offsetOf: (uploadId: string) => Promise<number | undefined>): Promise<void> {
    for (const row of await this.#d.uploads.unfinished()) {
      const offset = await offsetOf(row.id);
      const received =
        offset ??
        ((await this.#d.blobs.exists(originalKey(row.tenant_id, row.item_id, row.version_id)))
          ? row.size
          : 0);
      if (received < row.size) continue;
      try {
        await this.finish({ ...row, received });
      } catch (err) {
        this.#d.log.error({ err, uploadId: row.id }, 'a completed upload could not be recovered');
      }
    }
  }

  async #checkContent(row: UploadRow, sniffed: SniffResult): Promise<void> {
    const tenant = await this.#d.tenants.byId(row.tenant_id);
    const forbidden = parseStringList(tenant?.forbidden_extensions ?? '[]');
    // The name passed at creation; the content must also be a type we accept, whatever its name.
    const contentName = sniffed.extension === null ? row.filename : `content.${sniffed.extension}`;
    if (!isAcceptedFile(row.filename, forbidden) || !isAcceptedFile(contentName, forbidden)) {
      await this.reject(row, MESSAGES.uploadContentNotAccepted);
      throw new UploadRejectedError(MESSAGES.uploadContentNotAccepted);
    }
  }
}
