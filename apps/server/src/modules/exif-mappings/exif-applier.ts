import { exifFormValues, isEmptyValue, type ItemMetadata } from '@skald/domain';
import type { JobContext } from '../../jobs/job-queue.ts';
import { nowIso } from '../../lib/time.ts';
import type { ItemForms } from '../items/item-forms.ts';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { ItemHistoryEntry } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import type { ExifMappingsRepository } from './exif-mappings.repository.ts';

export const EXIF_REAPPLY_JOB = 'exif.reapply';

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    [EXIF_REAPPLY_JOB]: { requestedBy: string };
  }
}

/** Pictures per batch of the re-apply job: each batch is a few short transactions. */
const BATCH = 100;

/** An item's form values as the items module stores them (its ItemMetadataRepository). */
export interface StoredFormValues {
  lock(trx: Transaction<Database>, tenantId: string, itemId: string): Promise<void>;
  of(tenantId: string, itemId: string, on?: Executor): Promise<ItemMetadata>;
  put(trx: Executor, tenantId: string, itemId: string, forms: ItemMetadata, at: string): Promise<void>;
}

/** The items' transactions and history (its ItemsRepository). */
export interface ItemWrites {
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  addHistory(on: Executor, entries: readonly ItemHistoryEntry[]): Promise<void>;
}

interface Deps {
  mappings: Pick<ExifMappingsRepository, 'all' | 'pictureCount' | 'pictures'>;
  forms: ItemForms;
  metadata: StoredFormValues;
  items: ItemWrites;
}

/**
 * Spec §3 EXIF mapping: a picture's EXIF fills the mapped form fields. At ingest a field already
 * set (by the upload or the folder's defaults) keeps its value; re-applying, which an administrator
 * asks for, sets every mapped field the EXIF has a value for.
 */
export class ExifApplier {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /** After a picture's processing read its EXIF. */
  async atIngest(tenantId: string, itemId: string, exif: Readonly<Record<string, unknown>>): Promise<void> {
    const mappings = await this.#d.mappings.all(tenantId);
    if (mappings.length === 0) return;
    const { forms, lists } = await this.#d.forms.schemaOf(tenantId);
    await this.#apply(tenantId, itemId, exifFormValues(mappings, forms, exif, lists), false);
  }

  /** The re-apply job: every live picture of the tenant, a batch at a time, with its progress. */
  async reapply(job: JobContext<typeof EXIF_REAPPLY_JOB, { requestedBy: string }>): Promise<void> {
    const { tenantId } = job;
    const [mappings, { forms, lists }, total] = await Promise.all([
      this.#d.mappings.all(tenantId),
      this.#d.forms.schemaOf(tenantId),
      this.#d.mappings.pictureCount(tenantId),
    ]);
    let after = '';
    let done = 0;
    for (;;) {
      job.signal.throwIfAborted();
      const batch = await this.#d.mappings.pictures(tenantId, after, BATCH);
      if (batch.length === 0) break;
      for (const picture of batch) {
        const exif = JSON.parse(picture.exif) as Record<string, unknown>;
        await this.#apply(tenantId, picture.itemId, exifFormValues(mappings, forms, exif, lists), true);
      }
      done += batch.length;
      after = batch.at(-1)?.itemId ?? after;
      await job.reportProgress(total === 0 ? 100 : (Math.min(done, total) / total) * 100);
    }
  }

  async #apply(tenantId: string, itemId: string, given: ItemMetadata, overwrite: boolean): Promise<void> {
    if (Object.keys(given).length === 0) return;
    const at = nowIso();
    await this.#d.items.transaction(async (trx) => {
      await this.#d.metadata.lock(trx, tenantId, itemId);
      const stored = await this.#d.metadata.of(tenantId, itemId, trx);
      const next: Record<string, Record<string, unknown>> = { ...stored };
      const changes: { form: string; field: string; before: unknown; after: unknown }[] = [];
      for (const [formId, values] of Object.entries(given)) {
        const current = { ...stored[formId] };
        for (const [fieldId, value] of Object.entries(values)) {
          const before = current[fieldId];
          if (!overwrite && !isEmptyValue(before)) continue;
          if (JSON.stringify(before ?? null) === JSON.stringify(value)) continue;
          current[fieldId] = value;
          changes.push({ form: formId, field: fieldId, before: before ?? null, after: value });
        }
        next[formId] = current;
      }
      if (changes.length === 0) return;
      await this.#d.metadata.put(trx, tenantId, itemId, next, at);
      await this.#d.items.addHistory(
        trx,
        changes.map((details) => ({
          tenantId,
          itemId,
          actorId: null,
          action: 'metadataChanged',
          details: { ...details, source: 'exif' },
          at,
        })),
      );
    });
  }
}
