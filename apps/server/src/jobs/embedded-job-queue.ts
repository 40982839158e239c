import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { addMs, nowIso } from '../lib/time.ts';
import { randomToken } from '../lib/tokens.ts';
import {
  LOST_WORKER_MESSAGE,
  assertJobType,
  checkConcurrency,
  checkEnqueue,
  checkYieldTo,
  clampProgress,
  errorMessage,
  resolveOptions,
  retryDelayMs,
  settlesWithin,
  type EnqueueOptions,
  type JobEvent,
  type JobEventListener,
  type JobHandler,
  type JobInfo,
  type JobPayloads,
  type JobQueue,
  type JobQueueOptions,
  type JobType,
  type PayloadMap,
  type ProcessOptions,
  type ResolvedJobQueueOptions,
} from './job-queue.ts';
import { JobsRepository, type JobRow, type Lease } from './jobs.repository.ts';

type AnyHandler = (job: Parameters<JobHandler<Record<string, object>, string>>[0]) => Promise<void>;

// Wakes this process's workers when a job is enqueued here, so they need not wait for the next poll.
const enqueued = new EventEmitter().setMaxListeners(0);

// Other processes' timestamps come from other clocks and their commits land a little after the
// timestamp they wrote: the change feed looks back this far and de-duplicates what it has seen.
const EVENT_LOOKBACK_MS = 2_000;

interface Running {
  lease: Lease;
  controller: AbortController;
  heartbeat: NodeJS.Timeout | undefined;
  done: Promise<void>;
}

/**
 * The default back end: jobs are rows of the `jobs` table, in the same database as everything
 * else (SQLite or PostgreSQL). Workers claim due rows with a lease via a conditional UPDATE,
 * renew it while running and fence every later write on it; a row whose lease ran out is
 * claimed again as a new attempt, which is how a job survives a killed worker.
 */
export class EmbeddedJobQueue<P extends PayloadMap<P> = JobPayloads> implements JobQueue<P> {
  readonly #repo: JobsRepository;
  readonly #options: ResolvedJobQueueOptions;
  /** Identifies this instance's leases; unique per process and instance. */
  readonly #owner = `${hostname()}:${process.pid}:${randomToken(6)}`;
  readonly #workers = new Map<string, TypeWorker>();
  readonly #listeners = new Map<string, Set<JobEventListener>>();
  #feed: ChangeFeed | undefined;
  #closed = false;

  constructor(db: Db, options: JobQueueOptions = {}) {
    this.#repo = new JobsRepository(db);
    this.#options = resolveOptions(options);
  }

  async enqueue<T extends JobType<P>>(type: T, payload: P[T], options: EnqueueOptions): Promise<string> {
    if (this.#closed) throw new Error('The job queue is closed');
    const { maxAttempts, delayMs, idempotencyKey } = checkEnqueue(
      type,
      options,
      this.#options.defaultMaxAttempts,
    );
    const now = nowIso();
    const id = newId();
    const inserted = await this.#repo.insert({
      id,
      tenant_id: options.tenantId,
      type,
      payload: JSON.stringify(payload),
      idempotency_key: idempotencyKey,
      state: 'queued',
      attempts: 0,
      max_attempts: maxAttempts,
      background: options.background ? 1 : 0,
      run_at: addMs(now, delayMs),
      lease_owner: null,
      lease_expires_at: null,
      progress: 0,
      progress_message: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    });
    if (!inserted) {
      const existing = idempotencyKey && (await this.#repo.idByKey(options.tenantId, type, idempotencyKey));
      if (!existing) throw new Error(`Job ${type} was neither stored nor found`);
      return existing;
    }
    enqueued.emit(type, delayMs);
    return id;
  }

  async process<T extends JobType<P>>(
    type: T,
    handler: JobHandler<P, T>,
    options?: ProcessOptions,
  ): Promise<void> {
    assertJobType(type);
    if (this.#closed) throw new Error('The job queue is closed');
    if (this.#workers.has(type)) throw new Error(`Jobs of type ${type} already have a handler here`);
    const worker = new TypeWorker(type, handler as unknown as AnyHandler, checkConcurrency(options), {
      yieldTo: checkYieldTo(type, options),
      repo: this.#repo,
      options: this.#options,
      owner: this.#owner,
      emit: (event) => {
        this.#emit(event);
      },
    });
    this.#workers.set(type, worker);
    worker.start();
    return Promise.resolve();
  }

  async get(tenantId: string, jobId: string): Promise<JobInfo<P> | undefined> {
    const row = await this.#repo.byId(tenantId, jobId);
    if (!row) return undefined;
    return {
      id: row.id,
      type: row.type,
      tenantId: row.tenant_id,
      payload: JSON.parse(row.payload) as unknown,
      state: row.state,
      progress: row.progress,
      progressMessage: row.progress_message,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      error: row.state === 'completed' ? null : row.last_error,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
    } as JobInfo<P>;
  }

  async watch<T extends JobType<P>>(type: T, listener: JobEventListener<T>): Promise<() => void> {
    assertJobType(type);
    let listeners = this.#listeners.get(type);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(type, listeners);
    }
    const entry = listener as JobEventListener;
    listeners.add(entry);
    this.#feed ??= new ChangeFeed(
      this.#repo,
      this.#owner,
      this.#options,
      () => [...this.#listeners.keys()],
      (e) => {
        this.#emit(e);
      },
    );
    this.#feed.start();
    return Promise.resolve(() => {
      listeners.delete(entry);
      if (listeners.size === 0) this.#listeners.delete(type);
      if (this.#listeners.size === 0) this.#feed?.stop();
    });
  }

  async close(timeoutMs = this.#options.closeTimeoutMs): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#feed?.stop();
    const workers = [...this.#workers.values()];
    for (const worker of workers) worker.stopTakingWork();
    const drained = Promise.all(workers.map((w) => w.drained()));
    if (!(await settlesWithin(drained, timeoutMs))) {
      this.#options.log.warn(
        { timeoutMs },
        'job handlers still running at close; their jobs run again after the lease',
      );
      for (const worker of workers) worker.abandon();
    }
  }

  #emit(event: JobEvent): void {
    for (const listener of this.#listeners.get(event.type) ?? []) {
      try {
        listener(event);
      } catch (err) {
        this.#options.log.error({ err }, 'job event listener failed');
      }
    }
  }
}

interface WorkerDeps {
  /** Types whose due or running jobs keep this worker from claiming (ProcessOptions.yieldTo). */
  yieldTo: readonly string[];
  repo: JobsRepository;
  options: ResolvedJobQueueOptions;
  owner: string;
  emit: (event: JobEvent) => void;
}

/**
 * Claims and runs the jobs of one type, at most `concurrency` at once; none while a job of a type
 * it gives way to is due or running.
 */
class TypeWorker {
  readonly #type: string;
  readonly #handler: AnyHandler;
  readonly #concurrency: number;
  readonly #deps: WorkerDeps;
  readonly #running = new Map<string, Running>();
  #timer: NodeJS.Timeout | undefined;
  #polling: Promise<void> | undefined;
  #pollAgain = false;
  #takingWork = true;
  /** After close gave up waiting: no more writes, the leases are left to run out. */
  #abandoned = false;
  readonly #onEnqueued = (delayMs: number): void => {
    if (delayMs > 0) {
      setTimeout(() => {
        this.wake();
      }, delayMs).unref();
    } else {
      this.wake();
    }
  };

  constructor(type: string, handler: AnyHandler, concurrency: number, deps: WorkerDeps) {
    this.#type = type;
    this.#handler = handler;
    this.#concurrency = concurrency;
    this.#deps = deps;
  }

  start(): void {
    enqueued.on(this.#type, this.#onEnqueued);
    this.#timer = setInterval(() => {
      this.wake();
    }, this.#deps.options.pollIntervalMs);
    this.wake();
  }

  stopTakingWork(): void {
    this.#takingWork = false;
    clearInterval(this.#timer);
    enqueued.off(this.#type, this.#onEnqueued);
  }

  async drained(): Promise<void> {
    await this.#polling;
    await Promise.all([...this.#running.values()].map((r) => r.done));
  }

  abandon(): void {
    this.#abandoned = true;
    for (const run of this.#running.values()) {
      clearInterval(run.heartbeat);
      run.controller.abort(new Error('The job queue is closing'));
    }
  }

  /** Runs a claim pass now, or right after the one in flight. */
  wake(): void {
    if (!this.#takingWork) return;
    if (this.#polling) {
      this.#pollAgain = true;
      return;
    }
    this.#polling = this.#claimDue()
      .catch((err: unknown) => {
        this.#deps.options.log.error({ err, type: this.#type }, 'claiming jobs failed');
      })
      .finally(() => {
        this.#polling = undefined;
        if (this.#pollAgain) {
          this.#pollAgain = false;
          this.wake();
        }
      });
  }

  async #claimDue(): Promise<void> {
    const { repo, options, owner, yieldTo } = this.#deps;
    for (;;) {
      const free = this.#concurrency - this.#running.size;
      if (free <= 0 || this.#stopped()) return;
      const now = nowIso();
      // Giving way: the next poll looks again.
      if (yieldTo.length > 0 && (await repo.anyDueOrRunning(yieldTo, now))) return;
      const due = await repo.due(this.#type, now, free);
      let claimed = 0;
      for (const row of due) {
        // close() may have run while we awaited the database.
        if (this.#stopped()) return;
        if (row.state === 'active' && row.attempts >= row.max_attempts) {
          await repo.failLost(row, LOST_WORKER_MESSAGE, nowIso());
          continue;
        }
        if (await repo.claim(row, owner, nowIso(), addMs(nowIso(), options.leaseMs))) {
          claimed += 1;
          this.#run(row);
        }
      }
      // A full batch may mean more is due; a partial one means the table is drained for now.
      if (due.length < free || claimed === 0) return;
    }
  }

  #stopped(): boolean {
    return !this.#takingWork;
  }

  #run(row: JobRow): void {
    const lease: Lease = { id: row.id, owner: this.#deps.owner, attempt: row.attempts + 1 };
    const controller = new AbortController();
    const run: Running = { lease, controller, heartbeat: undefined, done: Promise.resolve() };
    this.#running.set(row.id, run);
    run.done = this.#execute(row, run)
      .catch((err: unknown) => {
        this.#deps.options.log.error({ err, jobId: row.id, type: row.type }, 'recording a job result failed');
      })
      .finally(() => {
        this.#running.delete(row.id);
        this.wake();
      });
  }

  async #execute(row: JobRow, run: Running): Promise<void> {
    const { lease, controller } = run;
    const { repo, options, emit, owner } = this.#deps;
    const base = { jobId: row.id, type: row.type, tenantId: row.tenant_id };
    const leaseUntil = () => addMs(nowIso(), options.leaseMs);
    const lost = () => {
      controller.abort(new Error('The lease on this job was lost to another worker'));
    };
    run.heartbeat = setInterval(
      () => {
        repo.renewLease(lease, nowIso(), leaseUntil()).then(
          (held) => {
            if (!held) lost();
          },
          (err: unknown) => {
            options.log.warn({ err, jobId: row.id }, 'renewing a job lease failed');
          },
        );
      },
      Math.max(10, Math.floor(options.leaseMs / 3)),
    );
    const progress = new ProgressWriter(async (percent, message) => {
      if (this.#abandoned) return;
      if (!(await repo.saveProgress(lease, percent, message, nowIso(), leaseUntil()))) lost();
    }, options);
    emit({ kind: 'progress', ...base, progress: 0, message: null });
    try {
      await this.#handler({
        id: row.id,
        type: row.type,
        tenantId: row.tenant_id,
        payload: JSON.parse(row.payload) as object,
        attempt: lease.attempt,
        maxAttempts: row.max_attempts,
        signal: controller.signal,
        reportProgress: (percent, message) => {
          const value = clampProgress(percent);
          emit({ kind: 'progress', ...base, progress: value, message: message ?? null });
          return progress.write(value, message ?? null);
        },
      });
      await progress.settled();
      if (this.#abandoned) return;
      if (await repo.complete(lease, nowIso())) emit({ kind: 'completed', ...base });
      else
        options.log.warn(
          { jobId: row.id, owner },
          'job finished after its lease was taken over; result dropped',
        );
    } catch (err) {
      await progress.settled();
      if (this.#abandoned) return;
      const message = errorMessage(err);
      const now = nowIso();
      if (lease.attempt >= row.max_attempts) {
        options.log.warn({ jobId: row.id, type: row.type, err: message }, 'job failed');
        if (await repo.fail(lease, message, now)) emit({ kind: 'failed', ...base, error: message });
      } else {
        const runAt = addMs(now, retryDelayMs(lease.attempt, options.backoff));
        options.log.warn(
          { jobId: row.id, type: row.type, attempt: lease.attempt, err: message },
          'job will retry',
        );
        await repo.scheduleRetry(lease, message, runAt, now);
      }
    } finally {
      clearInterval(run.heartbeat);
    }
  }
}

/** Writes progress one at a time, keeping only the latest value while a write is in flight. */
class ProgressWriter {
  readonly #save: (percent: number, message: string | null) => Promise<void>;
  readonly #options: ResolvedJobQueueOptions;
  #pending: { percent: number; message: string | null } | undefined;
  #inFlight: Promise<void> | undefined;

  constructor(
    save: (percent: number, message: string | null) => Promise<void>,
    options: ResolvedJobQueueOptions,
  ) {
    this.#save = save;
    this.#options = options;
  }

  write(percent: number, message: string | null): Promise<void> {
    this.#pending = { percent, message };
    this.#inFlight ??= this.#flush();
    return this.#inFlight;
  }

  async settled(): Promise<void> {
    await this.#inFlight;
  }

  async #flush(): Promise<void> {
    try {
      while (this.#pending) {
        const { percent, message } = this.#pending;
        this.#pending = undefined;
        try {
          await this.#save(percent, message);
        } catch (err) {
          // Progress is advisory: a failed write must not fail the job.
          this.#options.log.warn({ err }, 'saving job progress failed');
        }
      }
    } finally {
      this.#inFlight = undefined;
    }
  }
}

/** Turns other workers' writes to the jobs table into events, by polling while someone listens. */
class ChangeFeed {
  readonly #repo: JobsRepository;
  readonly #owner: string;
  readonly #options: ResolvedJobQueueOptions;
  readonly #types: () => string[];
  readonly #emit: (event: JobEvent) => void;
  /** jobId → what was last emitted for it and when the row was written. */
  readonly #seen = new Map<string, { signature: string; updatedAt: string }>();
  #timer: NodeJS.Timeout | undefined;
  #since = '';
  #polling = false;

  constructor(
    repo: JobsRepository,
    owner: string,
    options: ResolvedJobQueueOptions,
    types: () => string[],
    emit: (event: JobEvent) => void,
  ) {
    this.#repo = repo;
    this.#owner = owner;
    this.#options = options;
    this.#types = types;
    this.#emit = emit;
  }

  start(): void {
    if (this.#timer) return;
    this.#since = nowIso();
    this.#timer = setInterval(() => {
      void this.#poll();
    }, this.#options.pollIntervalMs);
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #poll(): Promise<void> {
    const types = this.#types();
    if (this.#polling || types.length === 0) return;
    this.#polling = true;
    try {
      const startedAt = nowIso();
      const rows = await this.#repo.changedSince(types, addMs(this.#since, -EVENT_LOOKBACK_MS), this.#owner);
      for (const row of rows) this.#consider(row);
      this.#since = startedAt;
      const horizon = addMs(startedAt, -2 * EVENT_LOOKBACK_MS);
      for (const [id, seen] of this.#seen) if (seen.updatedAt < horizon) this.#seen.delete(id);
    } catch (err) {
      this.#options.log.warn({ err }, 'reading job events failed');
    } finally {
      this.#polling = false;
    }
  }

  #consider(row: JobRow): void {
    const signature = `${row.state}|${row.attempts}|${row.progress}|${row.progress_message ?? ''}`;
    if (this.#seen.get(row.id)?.signature === signature) return;
    this.#seen.set(row.id, { signature, updatedAt: row.updated_at });
    const base = { jobId: row.id, type: row.type, tenantId: row.tenant_id };
    if (row.state === 'completed') this.#emit({ kind: 'completed', ...base });
    else if (row.state === 'failed') this.#emit({ kind: 'failed', ...base, error: row.last_error ?? '' });
    else this.#emit({ kind: 'progress', ...base, progress: row.progress, message: row.progress_message });
  }
}
