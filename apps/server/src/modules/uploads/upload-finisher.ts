import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, fileExtension, isAcceptedFile, itemTypeForExtension } from '@skald/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sniffFile, type SniffedType as SniffResult } from '../../media/probe.ts';
import { nowIso } from '../../lib/time.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { withLocalFile } from '../../storage/local-file.ts';
import type { ItemsRepository } from '../items/items.repository.ts';
import { originalKey } from '../items/renditions.ts';
import type { MediaPipeline } from '../media-pipeline/media-pipeline.ts';
import type { TenantsRepository } from '../tenants/tenants.repository.ts';
import { parseStringList } from '../../lib/json-list.ts';
import type { UploadRow, UploadsRepository } from './uploads.repository.ts';

export class UploadRejectedError extends Error {
  override name = 'UploadRejectedError';
}

interface Deps {
  uploads: UploadsRepository;
  items: ItemsRepository;
  tenants: TenantsRepository;
  blobs: BlobStore;
  pipeline: MediaPipeline;
  /** Where the tus file store keeps unfinished uploads. */
  directory: string;
  log: FastifyBaseLogger;
}

const titleOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return (dot > 0 ? filename.slice(0, dot) : filename).slice(0, 500) || filename;
};

/**
 * Turns a completed upload into an item (or a new version of one): checks the content, moves the
 * file into the blob store, writes the rows, starts the pipeline. Every step can run again after a
 * crash (`recover`), so a finished upload is never lost between the last byte and the item.
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
    if (await this.#d.blobs.exists(key)) {
      // A crash after the move: the content was checked then; read its type from the blob.
      sniffed = await withLocalFile(this.#d.blobs, key, sniffFile);
    } else {
      sniffed = await sniffFile(file);
      await this.#checkContent(row, sniffed);
      await this.#d.blobs.putFile(key, file, { move: true, contentType: sniffed.mimeType ?? undefined });
    }
    await this.#record(row, sniffed);
    await rm(`${file}.json`, { force: true });
    await this.#d.pipeline.start(row.tenant_id, row.item_id, row.version_id, row.user_id);
  }

  async reject(row: UploadRow, message: string): Promise<void> {
    await this.#d.uploads.update(row.id, { state: 'rejected', error: message, updated_at: nowIso() });
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

  async #record(row: UploadRow, sniffed: SniffResult): Promise<void> {
    const at = nowIso();
    const items = this.#d.items;
    // The content decides where it can tell; otherwise the name, and the probe settles it later.
    const guessed =
      sniffed.extension === null ? itemTypeForExtension(fileExtension(row.filename)) : sniffed.kind;
    await items.transaction(async (trx) => {
      const existing = await items.byId(row.tenant_id, row.item_id, trx);
      if (!existing) {
        await items.insert(trx, {
          id: row.item_id,
          tenant_id: row.tenant_id,
          item_type: guessed,
          title: titleOf(row.filename),
          folder_id: row.folder_id,
          owner_id: row.user_id,
          created_by: row.user_id,
          visible_level: null,
          updatable_level: null,
          leading_version_id: null,
          duration_ms: null,
          created_at: at,
          updated_at: at,
          deleted_at: null,
          deleted_by: null,
        });
      }
      if (!(await items.version(row.tenant_id, row.version_id, trx))) {
        await items.insertVersion(trx, {
          id: row.version_id,
          tenant_id: row.tenant_id,
          item_id: row.item_id,
          number: await items.nextVersionNumber(trx, row.tenant_id, row.item_id),
          filename: row.filename,
          size: row.size,
          sha256: null,
          mime_type: sniffed.mimeType,
          item_type: guessed,
          technical: null,
          renditions: null,
          created_by: row.user_id,
          created_at: at,
        });
        await items.addHistory(trx, [
          {
            tenantId: row.tenant_id,
            itemId: row.item_id,
            actorId: row.user_id,
            action: existing ? 'versionAdded' : 'uploaded',
            details: { filename: row.filename, size: row.size },
            at,
          },
        ]);
      }
      // The new version leads: the item is of its type, and its processing is due (in this
      // transaction, so a crash before the job is queued leaves the item to the start-up sweep).
      await items.update(trx, row.tenant_id, row.item_id, {
        leading_version_id: row.version_id,
        item_type: guessed,
        updated_at: at,
      });
      await this.#d.pipeline.setTranscoding(
        row.tenant_id,
        row.item_id,
        { state: 'initiated', progress: 0, errorMessage: null },
        trx,
      );
      await this.#d.uploads.update(
        row.id,
        { state: 'complete', received: row.size, completed_at: at, updated_at: at },
        trx,
      );
    });
  }
}
