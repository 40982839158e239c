import {
  BULK_METADATA_MAX_ITEMS,
  BULK_RULE_TEXTS,
  MESSAGES,
  canSeeForm,
  fieldReaderOf,
  formatMessage,
  validateBulkOperations,
  type BulkOperation,
} from '@skald/domain';
import type { Identity } from '../../identity/identity.ts';
import type { JobQueue, JobState } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import { ruleErrors } from '../../lib/rule-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { badField, notFound } from '../../plugins/errors.ts';
import type { FormsService } from '../forms/forms.service.ts';
import type { SearchService } from '../search/search.service.ts';
import { BULK_METADATA_JOB } from './bulk-metadata.job.ts';
import type { BulkMetadataRepository, BulkRun, SkippedItem } from './bulk-metadata.repository.ts';

export interface BulkMetadataInput {
  itemIds?: string[] | undefined;
  /** Every live item a search finds (in a folder: an empty search with its folderId). */
  selection?: { searchString: string; folderId?: string | undefined; includeSubfolders: boolean } | undefined;
  operations: BulkOperation[];
}

export interface BulkMetadataDto {
  id: string;
  jobId: string | null;
  state: JobState;
  /** 0–100, from the items processed. */
  progress: number;
  total: number;
  processed: number;
  updated: number;
  skipped: SkippedItem[];
  /** 'Failed to update: {list}' (spec §8) naming the skipped items, or null when none was. */
  message: string | null;
  createdAt: string;
  finishedAt: string | null;
}

interface Deps {
  runs: BulkMetadataRepository;
  forms: Pick<FormsService, 'schemaOf'>;
  search: Pick<SearchService, 'itemIds'>;
  queue: Pick<JobQueue, 'enqueue' | 'get'>;
}

const runNotFound = () => notFound('Bulk update not found');

/** Issue 12 §2: bulk metadata update, asked for here and run by the worker (bulk-metadata.job.ts). */
export class BulkMetadataService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async start(caller: Identity, input: BulkMetadataInput): Promise<BulkMetadataDto> {
    const tenantId = caller.tenant.id;
    const { forms, lists } = await this.#d.forms.schemaOf(tenantId);
    const fillable = forms.filter((f) => f.active && canSeeForm(caller.principal, f));
    const errors = validateBulkOperations(input.operations, fillable, fieldReaderOf(caller.principal), lists);
    if (errors.length > 0) throw ruleErrors(errors);
    const itemIds = await this.#items(caller, input);
    const run = {
      id: newId(),
      tenantId,
      actorId: caller.user.id,
      principal: caller.principal,
      itemIds,
      operations: input.operations,
      total: itemIds.length,
      createdAt: nowIso(),
    };
    await this.#d.runs.insert(run);
    const jobId = await this.#d.queue.enqueue(
      BULK_METADATA_JOB,
      { runId: run.id },
      { tenantId, idempotencyKey: run.id },
    );
    await this.#d.runs.setJob(tenantId, run.id, jobId);
    return this.get(caller, run.id);
  }

  /** A bulk update the caller asked for (another user's is not found). */
  async get(caller: Identity, id: string): Promise<BulkMetadataDto> {
    const run = await this.#d.runs.byId(caller.tenant.id, id);
    if (run?.actorId !== caller.user.id) throw runNotFound();
    const job = run.jobId === null ? undefined : await this.#d.queue.get(run.tenantId, run.jobId);
    return present(run, job?.state ?? 'queued');
  }

  /** The items named, or those the selection finds; at most BULK_METADATA_MAX_ITEMS either way. */
  async #items(caller: Identity, input: BulkMetadataInput): Promise<string[]> {
    if ((input.itemIds === undefined) === (input.selection === undefined)) {
      throw badField('itemIds', 'Give either itemIds or a selection');
    }
    if (input.itemIds !== undefined) return [...new Set(input.itemIds)];
    const ids = await this.#d.search.itemIds(
      caller,
      input.selection ?? { searchString: '', includeSubfolders: false },
      BULK_METADATA_MAX_ITEMS + 1,
    );
    if (ids.length > BULK_METADATA_MAX_ITEMS) throw badField('selection', BULK_RULE_TEXTS.tooMany);
    if (ids.length === 0) throw badField('selection', 'The selection holds no items');
    return ids;
  }
}

function present(run: BulkRun, state: JobState): BulkMetadataDto {
  const list = run.skipped.map((s) => s.title ?? s.id).join(', ');
  return {
    id: run.id,
    jobId: run.jobId,
    // The run's own record says "done", written once its last batch committed (before its job
    // ends): a read that sees the job ended but not yet the run's last write says it is running.
    state: run.finishedAt !== null ? 'completed' : state === 'completed' ? 'active' : state,
    progress: run.total === 0 ? 100 : Math.floor((run.processed / run.total) * 100),
    total: run.total,
    processed: run.processed,
    updated: run.updated,
    skipped: run.skipped,
    message: run.skipped.length === 0 ? null : formatMessage(MESSAGES.failedToUpdateList, { list }),
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
  };
}
