import { Queue, QueueEvents, UnrecoverableError, Worker, type Job, type RedisOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { newId } from '../lib/ids.ts';
import { sha256 } from '../lib/tokens.ts';
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
  type JobState,
  type JobType,
  type PayloadMap,
  type ProcessOptions,
  type ResolvedJobQueueOptions,
} from './job-queue.ts';

type AnyHandler = (job: Parameters<JobHandler<Record<string, object>, string>>[0]) => Promise<void>;

export interface BullmqJobQueueOptions extends JobQueueOptions {
  redisUrl: string;
  /** Namespaces every key; each test run uses its own. Default `skald-jobs`. */
  prefix?: string;
}

interface JobData {
  tenantId: string;
  payload: object;
}

interface ProgressData {
  percent: number;
  message: string | null;
  // Carried so that progress events name their tenant without a read per event.
  tenantId: string;
}

interface ResultData {
  tenantId: string;
}

// BullMQ's custom backoff strategy; every job names it so the delay is computed by retryDelayMs.
const BACKOFF_TYPE = 'skald';
/** EnqueueOptions.background: any priority waits for the jobs that have none. */
const BACKGROUND_PRIORITY = 1;

/** Parsed by us: BullMQ merges its own host/port defaults over a URL's. */
function connectionOptions(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : 6379,
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(Number.isInteger(db) ? { db } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/**
 * The distributed back end: one BullMQ queue per job type on Redis, so workers on many machines
 * share the work. Public job ids are `<type>:<BullMQ job id>`, so `get` knows which queue to ask.
 */
export class BullmqJobQueue<P extends PayloadMap<P> = JobPayloads> implements JobQueue<P> {
  readonly #options: ResolvedJobQueueOptions;
  readonly #connection: RedisOptions;
  readonly #prefix: string;
  readonly #queues = new Map<string, Queue<JobData>>();
  readonly #workers = new Map<string, Worker<JobData, ResultData>>();
  readonly #events = new Map<string, QueueEvents>();
  readonly #listeners = new Map<string, Set<JobEventListener>>();
  #redis: Redis | undefined;
  #closed = false;

  constructor(options: BullmqJobQueueOptions) {
    this.#options = resolveOptions(options);
    this.#connection = connectionOptions(options.redisUrl);
    this.#prefix = options.prefix ?? 'skald-jobs';
  }

  async enqueue<T extends JobType<P>>(type: T, payload: P[T], options: EnqueueOptions): Promise<string> {
    if (this.#closed) throw new Error('The job queue is closed');
    const { maxAttempts, delayMs, idempotencyKey } = checkEnqueue(
      type,
      options,
      this.#options.defaultMaxAttempts,
    );
    // A key's job id is derived from it, so a second add with the same key finds the first job
    // (BullMQ ignores an add whose id exists). Hashed: ids must not contain ':' and the tenant scopes it.
    const bullId = idempotencyKey
      ? `k-${sha256(JSON.stringify([options.tenantId, idempotencyKey]))}`
      : newId();
    const job = await this.#queue(type).add(
      type,
      { tenantId: options.tenantId, payload },
      {
        jobId: bullId,
        attempts: maxAttempts,
        backoff: { type: BACKOFF_TYPE },
        ...(delayMs > 0 ? { delay: delayMs } : {}),
        // BullMQ takes a job without a priority before any with one.
        ...(options.background ? { priority: BACKGROUND_PRIORITY } : {}),
      },
    );
    return `${type}:${job.id ?? bullId}`;
  }

  async process<T extends JobType<P>>(
    type: T,
    handler: JobHandler<P, T>,
    options?: ProcessOptions,
  ): Promise<void> {
    assertJobType(type);
    if (this.#closed) throw new Error('The job queue is closed');
    if (this.#workers.has(type)) throw new Error(`Jobs of type ${type} already have a handler here`);
    const run = handler as unknown as AnyHandler;
    const yieldTo = checkYieldTo(type, options);
    const { leaseMs, log, backoff } = this.#options;
    const worker = new Worker<JobData, ResultData>(
      type,
      // BullMQ hands the processor an AbortSignal only when it declares three parameters.
      async (job, _token, signal) => {
        await this.#giveWay(yieldTo, signal);
        return this.#runJob(job, run, signal);
      },
      {
        connection: { ...this.#connection, maxRetriesPerRequest: null },
        prefix: this.#prefix,
        concurrency: checkConcurrency(options),
        lockDuration: leaseMs,
        stalledInterval: leaseMs,
        // A stalled job (its worker died) goes back to wait every time; #runJob counts the lost
        // run as an attempt and fails the job once they are used up, as the embedded queue does.
        maxStalledCount: Number.MAX_SAFE_INTEGER,
        settings: {
          backoffStrategy: (attemptsMade, _type, _err, job) =>
            retryDelayMs(startedAttempts(job) ?? attemptsMade, backoff),
        },
      },
    );
    worker.on('error', (err) => {
      log.error({ err, type }, 'job worker error');
    });
    worker.on('lockRenewalFailed', (jobIds: string[]) => {
      for (const id of jobIds) worker.cancelJob(id, 'The lease on this job was lost to another worker');
    });
    this.#workers.set(type, worker);
    await worker.waitUntilReady();
  }

  /**
   * Waits while a job of a type this one gives way to waits or runs. A BullMQ worker takes its next
   * job by itself, so the taken job holds here (active, its lock renewed, its handler not started)
   * rather than in the queue as with the embedded back end.
   */
  async #giveWay(types: readonly string[], signal: AbortSignal | undefined): Promise<void> {
    const busy = async () => {
      for (const type of types) {
        const counts = await this.#queue(type).getJobCounts('wait', 'prioritized', 'active');
        if (Object.values(counts).some((n) => n > 0)) return true;
      }
      return false;
    };
    while (types.length > 0 && (await busy())) {
      signal?.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, this.#options.pollIntervalMs));
    }
  }

  async #runJob(
    job: Job<JobData, ResultData>,
    handler: AnyHandler,
    signal: AbortSignal | undefined,
  ): Promise<ResultData> {
    const { tenantId, payload } = job.data;
    const maxAttempts = job.opts.attempts ?? 1;
    const attempt = job.attemptsStarted;
    // Started more often than allowed: the previous runs were lost with their workers.
    if (attempt > maxAttempts) throw new UnrecoverableError(LOST_WORKER_MESSAGE);
    const saveProgress = async (percent: number, message: string | null): Promise<void> => {
      try {
        await job.updateProgress({ percent, message, tenantId } satisfies ProgressData);
      } catch (err) {
        // Progress is advisory: a failed write must not fail the job.
        this.#options.log.warn({ err, jobId: job.id }, 'saving job progress failed');
      }
    };
    await saveProgress(0, null);
    try {
      await handler({
        id: `${job.name}:${job.id ?? ''}`,
        type: job.name,
        tenantId,
        payload,
        attempt,
        maxAttempts,
        signal: signal ?? new AbortController().signal,
        reportProgress: (percent, message) => saveProgress(clampProgress(percent), message ?? null),
      });
    } catch (err) {
      const message = errorMessage(err);
      this.#options.log.warn({ jobId: job.id, type: job.name, attempt, err: message }, 'job attempt failed');
      // BullMQ counts failures, not starts; a run lost to a crash must use up an attempt too.
      if (attempt >= maxAttempts) throw new UnrecoverableError(message);
      throw err instanceof Error ? err : new Error(message);
    }
    return { tenantId };
  }

  async get(tenantId: string, jobId: string): Promise<JobInfo<P> | undefined> {
    const at = jobId.lastIndexOf(':');
    const type = jobId.slice(0, at);
    const bullId = jobId.slice(at + 1);
    if (at < 0 || !bullId || !isJobType(type)) return undefined;
    const snapshot = await this.#snapshot(this.#queue(type), bullId);
    if (!snapshot || snapshot.job.data.tenantId !== tenantId) return undefined;
    const { job, state } = snapshot;
    const progress = job.progress as Partial<ProgressData> | number | undefined;
    const maxAttempts = job.opts.attempts ?? 1;
    return {
      id: jobId,
      type,
      tenantId,
      payload: job.data.payload,
      state,
      progress: state === 'completed' ? 100 : typeof progress === 'object' ? (progress.percent ?? 0) : 0,
      progressMessage: typeof progress === 'object' ? (progress.message ?? null) : null,
      // The start that only records a lost worker (see #runJob) runs no handler.
      attempts: Math.min(job.attemptsStarted, maxAttempts),
      maxAttempts,
      error: state === 'completed' ? null : job.failedReason || null,
      createdAt: new Date(job.timestamp).toISOString(),
      finishedAt:
        job.finishedOn && (state === 'completed' || state === 'failed')
          ? new Date(job.finishedOn).toISOString()
          : null,
    } as JobInfo<P>;
  }

  /**
   * The job's fields and its state come from two reads; a job that moved between them (a retry
   * that just failed for good) would show the new state with the old error. Read the state on
   * both sides and retry until they agree.
   */
  async #snapshot(
    queue: Queue<JobData>,
    bullId: string,
  ): Promise<{ job: Job<JobData, ResultData>; state: JobState } | undefined> {
    let before = await queue.getJobState(bullId);
    for (let tries = 0; ; tries += 1) {
      const job = (await queue.getJob(bullId)) as Job<JobData, ResultData> | undefined;
      const after = await queue.getJobState(bullId);
      const state = stateOf(after);
      if (!job || !state) return undefined;
      if (after === before || tries === 5) return { job, state };
      before = after;
    }
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
    if (!this.#events.has(type)) await this.#listen(type);
    return () => {
      listeners.delete(entry);
    };
  }

  async #listen(type: string): Promise<void> {
    // Start reading after the newest event that exists now: QueueEvents' default ('$') counts
    // from its first read, which happens a moment later, and would miss what falls between.
    const queue = this.#queue(type);
    this.#redis ??= new Redis({ ...this.#connection, lazyConnect: true });
    const newest = await this.#redis.xrevrange(queue.toKey('events'), '+', '-', 'COUNT', 1);
    const events = new QueueEvents(type, {
      connection: this.#connection,
      prefix: this.#prefix,
      lastEventId: newest[0]?.[0] ?? '0-0',
    });
    this.#events.set(type, events);
    events.on('error', (err) => {
      this.#options.log.error({ err, type }, 'job events error');
    });
    const emit = (event: JobEvent) => {
      for (const listener of this.#listeners.get(type) ?? []) {
        try {
          listener(event);
        } catch (err) {
          this.#options.log.error({ err }, 'job event listener failed');
        }
      }
    };
    events.on('progress', ({ jobId, data }) => {
      if (typeof data !== 'object') return;
      const progress = data as ProgressData;
      emit({
        kind: 'progress',
        jobId: `${type}:${jobId}`,
        type,
        tenantId: progress.tenantId,
        progress: progress.percent,
        message: progress.message,
      });
    });
    events.on('completed', ({ jobId, returnvalue }) => {
      const result = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as ResultData;
      emit({ kind: 'completed', jobId: `${type}:${jobId}`, type, tenantId: result.tenantId });
    });
    // Only the final failure: a failed attempt that will be retried is published as 'delayed'.
    events.on('failed', ({ jobId, failedReason }) => {
      void (async () => {
        const job = (await queue.getJob(jobId)) as Job<JobData> | undefined;
        if (job)
          emit({
            kind: 'failed',
            jobId: `${type}:${jobId}`,
            type,
            tenantId: job.data.tenantId,
            error: failedReason,
          });
      })().catch((err: unknown) => {
        this.#options.log.error({ err, type }, 'reading a failed job failed');
      });
    });
    await events.waitUntilReady();
  }

  async close(timeoutMs = this.#options.closeTimeoutMs): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const workers = [...this.#workers.values()];
    // Worker.close() stops fetching and waits for the jobs it is running.
    const closing = Promise.all(workers.map((w) => w.close()));
    if (!(await settlesWithin(closing, timeoutMs))) {
      this.#options.log.warn(
        { timeoutMs },
        'job handlers still running at close; their jobs run again after the lease',
      );
      for (const worker of workers) worker.cancelAllJobs('The job queue is closing');
      // Dropping the connections stops lock renewal, so the jobs stall and run again elsewhere.
      await Promise.allSettled(workers.map((w) => w.disconnect()));
      void closing.catch(() => undefined);
    }
    await Promise.allSettled([
      ...[...this.#events.values()].map((e) => e.close()),
      ...[...this.#queues.values()].map((q) => q.close()),
    ]);
    this.#redis?.disconnect();
  }

  #queue(type: string): Queue<JobData> {
    let queue = this.#queues.get(type);
    if (!queue) {
      queue = new Queue<JobData>(type, { connection: this.#connection, prefix: this.#prefix });
      queue.on('error', (err) => {
        this.#options.log.error({ err, type }, 'job queue error');
      });
      this.#queues.set(type, queue);
    }
    return queue;
  }
}

function isJobType(type: string): boolean {
  try {
    assertJobType(type);
    return true;
  } catch {
    return false;
  }
}

function startedAttempts(job: unknown): number | undefined {
  const started = (job as { attemptsStarted?: unknown } | undefined)?.attemptsStarted;
  return typeof started === 'number' ? started : undefined;
}

function stateOf(state: string): JobState | undefined {
  switch (state) {
    case 'active':
      return 'active';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'unknown':
      return undefined;
    default:
      // waiting, delayed (including a retry's backoff), prioritized, waiting-children
      return 'queued';
  }
}
