import PQueue from 'p-queue';
import { RetryLaterError } from '../plugins/errors.ts';

/** What a refused search tells the client to wait before asking again, in seconds. */
export const SEARCH_RETRY_AFTER_SECONDS = 2;

/** The 503 of a search the server cannot take on now (docs/SEARCH.md, "Capacity"). */
export const searchBusy = (): RetryLaterError =>
  new RetryLaterError('Search is busy; try again in a moment', SEARCH_RETRY_AFTER_SECONDS, 'unavailable');

export interface SearchQueueOptions {
  /** Searches that run at once; the others wait in line. */
  concurrency: number;
  /** Searches that may wait; one more is refused at once (503 with Retry-After). */
  waitingLimit: number;
}

/**
 * Admission for searches: at most `concurrency` run at once and at most `waitingLimit` wait. A
 * server beyond its capacity then refuses the excess at once, and the clients come back later,
 * instead of every search waiting in a line that only grows (at 100 requests/s PostgreSQL answered
 * after 68 s, bench/search.ts).
 */
export class SearchQueue {
  readonly #queue: PQueue;
  readonly #options: SearchQueueOptions;
  constructor(options: SearchQueueOptions) {
    this.#options = options;
    this.#queue = new PQueue({ concurrency: options.concurrency });
  }

  /** Runs `work` now or after the searches before it, or throws searchBusy() when the line is full. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const full =
      this.#queue.pending >= this.#options.concurrency && this.#queue.size >= this.#options.waitingLimit;
    if (full) return Promise.reject(searchBusy());
    return this.#queue.add(work);
  }
}
