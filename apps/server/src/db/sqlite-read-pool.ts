import { Worker } from 'node:worker_threads';

/** A SELECT for a read worker. */
export interface ReadRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

/** A read worker's answer: the rows, or the error as plain data (errors do not cross threads whole). */
export type ReadReply =
  | { id: number; rows: unknown[] }
  | { id: number; error: { message: string; code: unknown; errcode: unknown } };

interface Job {
  request: ReadRequest;
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

interface Reader {
  worker: Worker;
  job: Job | null;
}

const WORKER_FILE = new URL('./sqlite-read-worker.ts', import.meta.url);

/**
 * Worker threads, each with its own read-only connection to the SQLite file, that run SELECTs off
 * the event loop (docs/decisions/0005). One line of waiting queries feeds whichever worker is free,
 * so a slow query holds up one worker, not the queries behind it. Workers start with the first
 * query; an idle worker does not keep the process alive.
 */
export class SqliteReadPool {
  readonly #fileName: string;
  readonly #size: number;
  readonly #readers: Reader[] = [];
  readonly #waiting: Job[] = [];
  #nextId = 0;
  #closed = false;

  constructor(fileName: string, size: number) {
    this.#fileName = fileName;
    this.#size = size;
  }

  query(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.#closed) return Promise.reject(new Error('the database is closed'));
    return new Promise((resolve, reject) => {
      this.#waiting.push({ request: { id: (this.#nextId += 1), sql, parameters }, resolve, reject });
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#waiting.splice(0)) job.reject(new Error('the database is closed'));
    await Promise.all(
      this.#readers.splice(0).map(async ({ worker }) => {
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        // Waiting for an idle (unref'd) worker to end would not keep the process alive by itself.
        worker.ref();
        worker.postMessage('close');
        await exited;
      }),
    );
  }

  #dispatch(): void {
    while (this.#waiting.length > 0) {
      const reader = this.#readers.find((r) => r.job === null) ?? this.#spawn();
      if (!reader) return;
      const job = this.#waiting.shift();
      if (!job) return;
      reader.job = job;
      reader.worker.ref();
      reader.worker.postMessage(job.request);
    }
  }

  #spawn(): Reader | undefined {
    if (this.#readers.length >= this.#size) return undefined;
    const worker = new Worker(WORKER_FILE, { workerData: { fileName: this.#fileName } });
    const reader: Reader = { worker, job: null };
    worker.on('message', (reply: ReadReply) => {
      const job = reader.job;
      reader.job = null;
      worker.unref();
      if (job && job.request.id === reply.id) {
        if ('rows' in reply) job.resolve(reply.rows);
        else job.reject(Object.assign(new Error(reply.error.message), reply.error));
      }
      this.#dispatch();
    });
    // A worker that fails (its connection could not open) or ends fails its query; the next query
    // starts another.
    const gone = (error: Error) => {
      const index = this.#readers.indexOf(reader);
      if (index >= 0) this.#readers.splice(index, 1);
      reader.job?.reject(error);
      reader.job = null;
      if (!this.#closed) this.#dispatch();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => {
      gone(new Error(`a read worker stopped (exit code ${code})`));
    });
    this.#readers.push(reader);
    return reader;
  }
}
