import { EXIF_PATH, EXIF_RULE_TEXTS, PREFILL_RULE_TEXTS } from '@skald/domain';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Identity } from '../../identity/identity.ts';
import type { JobQueue, JobState } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { badField, notFound } from '../../plugins/errors.ts';
import type { ItemForms } from '../items/item-forms.ts';
import { EXIF_REAPPLY_JOB } from './exif-applier.ts';
import {
  EXIF_MAPPINGS_PER_TENANT,
  type ExifMappingsRepository,
  type StoredExifMapping,
} from './exif-mappings.repository.ts';

export interface ExifMappingInput {
  exifPath: string;
  formId: string;
  fieldId: string;
}

export interface ExifJobDto {
  jobId: string;
  state: JobState;
  progress: number;
  error: string | null;
}

interface Deps {
  mappings: ExifMappingsRepository;
  forms: ItemForms;
  queue: Pick<JobQueue, 'enqueue' | 'get'>;
}

// The Common form's title and description are the item's own columns, named by its file and its editor.
const COMMON_COLUMNS = new Set(['title', 'description']);
const OWN_COLUMN = "The item's title and description are not taken from EXIF";

/** Spec §3 EXIF mappings, edited by tenant administrators, and the job that re-applies them. */
export class ExifMappingsService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  list(caller: Identity): Promise<StoredExifMapping[]> {
    return this.#d.mappings.all(caller.tenant.id);
  }

  async create(caller: Identity, input: ExifMappingInput): Promise<StoredExifMapping> {
    const tenantId = caller.tenant.id;
    if (!EXIF_PATH.test(input.exifPath)) throw badField('exifPath', EXIF_RULE_TEXTS.path);
    const { forms } = await this.#d.forms.schemaOf(tenantId);
    const form = forms.find((f) => f.id === input.formId);
    if (!form) throw badField('formId', PREFILL_RULE_TEXTS.unknownForm);
    const field = form.fields.find((f) => f.fieldId === input.fieldId);
    if (!field) throw badField('fieldId', PREFILL_RULE_TEXTS.unknownField);
    if (field.type === 'Button') throw badField('fieldId', EXIF_RULE_TEXTS.buttonField);
    if (form.builtIn === 'common' && COMMON_COLUMNS.has(field.fieldId)) throw badField('fieldId', OWN_COLUMN);
    if ((await this.#d.mappings.all(tenantId)).length >= EXIF_MAPPINGS_PER_TENANT) {
      throw badField('fieldId', `A tenant has at most ${String(EXIF_MAPPINGS_PER_TENANT)} EXIF mappings`);
    }
    const mapping = { id: newId(), ...input, createdAt: nowIso() };
    try {
      await this.#d.mappings.insert({
        id: mapping.id,
        tenant_id: tenantId,
        exif_path: mapping.exifPath,
        form_key: mapping.formId,
        field_id: mapping.fieldId,
        created_at: mapping.createdAt,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badField('fieldId', EXIF_RULE_TEXTS.mappedTwice);
      throw err;
    }
    return mapping;
  }

  async delete(caller: Identity, id: string): Promise<void> {
    if (!(await this.#d.mappings.delete(caller.tenant.id, id))) throw notFound('EXIF mapping not found');
  }

  /** Starts the job that re-applies the mappings to every picture of the tenant. */
  async reapply(caller: Identity): Promise<ExifJobDto> {
    const jobId = await this.#d.queue.enqueue(
      EXIF_REAPPLY_JOB,
      { requestedBy: caller.user.id },
      { tenantId: caller.tenant.id, idempotencyKey: newId(), maxAttempts: 3 },
    );
    return this.job(caller, jobId);
  }

  async job(caller: Identity, jobId: string): Promise<ExifJobDto> {
    const job = await this.#d.queue.get(caller.tenant.id, jobId);
    if (job?.type !== EXIF_REAPPLY_JOB) throw notFound('Job not found');
    return { jobId, state: job.state, progress: job.progress, error: job.error };
  }
}
