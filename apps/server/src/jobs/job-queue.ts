import { MESSAGES } from '@skald/domain';

/**
 * Job type name → payload type. Features add their jobs here (transcode, probe, thumbnails,
 * analysis …), so `enqueue` and `process` check payloads against the type at compile time.
 * Payloads travel as JSON: plain objects, arrays, strings, numbers, booleans and null only.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the features that own jobs
export interface JobPayloads {}

/** Any map of job type → payload; tests declare their own. */
export type PayloadMap<P> = { [K in keyof P]: object };

export type JobType<P> = Extract<keyof P, string>;

export type JobState = 'queued' | 'active' | 'completed' | 'failed';

export interface EnqueueOptions {
  tenantId: string;
  /**
   * The same key for the same tenant and job type names the same job, whatever its state: a
   * second enqueue returns the first job's id and runs nothing. Use a new key to run the work again.
   */
  idempotencyKey?: string | undefined;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number | undefined;
  /** Runs of the handler before the job is failed; a run lost to a crashed worker counts. */
  maxAttempts?: number | undefined;
  /**
   * Work no one is waiting on (an analysis an upload started): it starts after every due job of
   * its type enqueued without this, whenever they were enqueued. Default false.
   */
  background?: boolean | undefined;
}

export interface JobContext<T extends string, Payload> {
  id: string;
  type: T;
  tenantId: string;
  payload: Payload;
  /** 1 on the first run; a run lost to a crashed worker counted too. */
  attempt: number;
  maxAttempts: number;
  /** 0–100 (rounded, clamped); resets to 0 at the start of every attempt. Never rejects. */
  reportProgress: (percent: number, message?: string) => Promise<void>;
  /** Aborted when this worker no longer owns the job (lease lost) or `close()` ran out of time. */
  signal: AbortSignal;
}

export type JobHandler<P, T extends JobType<P>> = (job: JobContext<T, P[T]>) => Promise<void>;

export interface ProcessOptions {
  /** Jobs of this type that this process runs at once (default 1). */
  concurrency?: number;
  /**
   * Job types this one gives way to (a lower priority): no job of this type starts while a job of
   * one of these types waits (is due) or runs, on any worker. A run already started goes on.
   */
  yieldTo?: readonly string[];
}

interface JobInfoOf<T extends string, Payload> {
  id: string;
  type: T;
  tenantId: string;
  payload: Payload;
  state: JobState;
  progress: number;
  progressMessage: string | null;
  /** Runs started so far (at most maxAttempts). */
  attempts: number;
  maxAttempts: number;
  /** The last failed run's message while the job waits for its retry or has failed; null once completed. */
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A job as stored, narrowed by its `type`. */
export type JobInfo<P> = { [T in JobType<P>]: JobInfoOf<T, P[T]> }[JobType<P>];

export type JobEvent<T extends string = string> =
  | { kind: 'progress'; jobId: string; type: T; tenantId: string; progress: number; message: string | null }
  | { kind: 'completed'; jobId: string; type: T; tenantId: string }
  | { kind: 'failed'; jobId: string; type: T; tenantId: string; error: string };

export type JobEventListener<T extends string = string> = (event: JobEvent<T>) => void;

/**
 * Durable background jobs. At least once: a handler may run again after a crash or a lost lease,
 * so handlers must be idempotent. Two back ends keep the same contract (see ./README.md).
 */
export interface JobQueue<P extends PayloadMap<P> = JobPayloads> {
  /** Stores the job and answers its id; with an idempotency key already used, the existing job's id. */
  enqueue<T extends JobType<P>>(type: T, payload: P[T], options: EnqueueOptions): Promise<string>;
  /** Runs jobs of this type in this process; resolves once the worker takes work. Once per type. */
  process<T extends JobType<P>>(type: T, handler: JobHandler<P, T>, options?: ProcessOptions): Promise<void>;
  /** The job, or undefined when it does not exist or belongs to another tenant. */
  get(tenantId: string, jobId: string): Promise<JobInfo<P> | undefined>;
  /**
   * Live progress, completion and final failure of jobs of this type, wherever they run. Events
   * may be coalesced (a fast series of progress reports can arrive as its last value); resolves
   * once listening, with the function that stops it.
   */
  watch<T extends JobType<P>>(type: T, listener: JobEventListener<T>): Promise<() => void>;
  /**
   * Stops taking work and waits for running handlers; after `timeoutMs` (default: the queue's
   * closeTimeoutMs) it aborts their signals and returns, leaving their jobs to be retried once
   * the lease runs out.
   */
  close(timeoutMs?: number): Promise<void>;
}

export interface BackoffOptions {
  /** Delay after the first failed attempt; it doubles after each further one. */
  baseMs: number;
  maxMs: number;
  /** 0–1: the share of the delay that is randomised downwards, so retries of many jobs spread out. */
  jitter: number;
}

export interface JobLogger {
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

export interface JobQueueOptions {
  /**
   * How long a running job stays owned without a heartbeat (renewed every third of it). A job
   * whose worker died (kill -9, power loss) runs again once it has run out. Default 30 s.
   */
  leaseMs?: number;
  /**
   * How often an idle worker looks for due jobs (embedded back end), and how often a worker giving
   * way (ProcessOptions.yieldTo) looks again (both). Default 1 s.
   */
  pollIntervalMs?: number;
  backoff?: Partial<BackoffOptions>;
  defaultMaxAttempts?: number;
  closeTimeoutMs?: number;
  log?: JobLogger;
}

export interface ResolvedJobQueueOptions {
  leaseMs: number;
  pollIntervalMs: number;
  backoff: BackoffOptions;
  defaultMaxAttempts: number;
  closeTimeoutMs: number;
  log: JobLogger;
}

const silent: JobLogger = { warn: () => undefined, error: () => undefined };

export function resolveOptions(options: JobQueueOptions): ResolvedJobQueueOptions {
  return {
    leaseMs: options.leaseMs ?? 30_000,
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
    backoff: { baseMs: 5_000, maxMs: 10 * 60_000, jitter: 0.2, ...options.backoff },
    defaultMaxAttempts: options.defaultMaxAttempts ?? 3,
    closeTimeoutMs: options.closeTimeoutMs ?? 30_000,
    log: options.log ?? silent,
  };
}

/** Delay before the run after failed attempt n: base · 2^(n−1), capped, less up to `jitter` of it at random. */
export function retryDelayMs(
  attempt: number,
  backoff: BackoffOptions,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(backoff.baseMs * 2 ** (attempt - 1), backoff.maxMs);
  return Math.round(ceiling * (1 - backoff.jitter * random()));
}

/** Recorded on a job whose run ended without a word from its worker (killed, or cut off from the store). */
export const LOST_WORKER_MESSAGE = MESSAGES.jobWorkerLost;

// Type names become BullMQ queue names and parts of job ids, which must not contain ':'.
const TYPE_PATTERN = /^[a-z][a-z0-9._-]{0,99}$/i;

export function assertJobType(type: string): void {
  if (!TYPE_PATTERN.test(type)) throw new TypeError(`Invalid job type "${type}": letters, digits, . _ -`);
}

/** Checks the options and fills in defaults; a bad value is a programming error, so it throws. */
export function checkEnqueue(
  type: string,
  options: EnqueueOptions,
  defaultMaxAttempts: number,
): { maxAttempts: number; delayMs: number; idempotencyKey: string | null } {
  assertJobType(type);
  if (!options.tenantId) throw new TypeError('A job needs a tenant id');
  const maxAttempts = options.maxAttempts ?? defaultMaxAttempts;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new RangeError('maxAttempts must be ≥ 1');
  const delayMs = options.delayMs ?? 0;
  if (!Number.isFinite(delayMs) || delayMs < 0) throw new RangeError('delayMs must be ≥ 0');
  const key = options.idempotencyKey ?? null;
  if (key !== null && (key.length === 0 || key.length > 200)) {
    throw new RangeError('An idempotency key has 1 to 200 characters');
  }
  return { maxAttempts, delayMs: Math.round(delayMs), idempotencyKey: key };
}

/** The types a worker gives way to, checked like any job type; never its own. */
export function checkYieldTo(type: string, options: ProcessOptions | undefined): readonly string[] {
  const types = options?.yieldTo ?? [];
  for (const other of types) assertJobType(other);
  if (types.includes(type)) throw new RangeError(`Jobs of type ${type} cannot give way to themselves`);
  return types;
}

export function checkConcurrency(options: ProcessOptions | undefined): number {
  const concurrency = options?.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be ≥ 1');
  return concurrency;
}

export const clampProgress = (percent: number): number =>
  Number.isFinite(percent) ? Math.min(100, Math.max(0, Math.round(percent))) : 0;

export const errorMessage = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).slice(0, 2_000) || 'Unknown error';

/** Resolves true when `promise` settles within `ms`, false otherwise (the promise keeps running). */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      resolve(false);
    }, ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
