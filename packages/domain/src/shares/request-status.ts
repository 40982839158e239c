import type { TaskStatus } from '../comments/types.ts';

/** What an upload request's task status is made of: the request and the uploads through it. */
export interface RequestFacts {
  revoked: boolean;
  /** Its expiry date has passed. */
  expired: boolean;
  /** An upload through it has begun (finished or not). */
  started: boolean;
  /** A file arrived through it. */
  arrived: boolean;
  /** As many files arrived as it allows. */
  full: boolean;
  /** An upload through it failed or was rejected. */
  failed: boolean;
}

/**
 * Spec §4's statuses for an upload request in My tasks: Cancelled when revoked; Done once every file
 * it allows arrived; Error when an upload through it failed; when it expired, Done if files arrived,
 * else Cancelled; In progress once uploads began; else Pending. Never Queued: a request has its owner.
 */
export function requestTaskStatus(f: RequestFacts): TaskStatus {
  if (f.revoked) return 'cancelled';
  if (f.full) return 'done';
  if (f.failed) return 'error';
  if (f.expired) return f.arrived ? 'done' : 'cancelled';
  return f.started ? 'inProgress' : 'pending';
}

/** Every combination of facts that can happen (a file arrives only from a begun upload, and so on). */
export const REQUEST_FACT_COMBINATIONS: readonly RequestFacts[] = [false, true].flatMap((revoked) =>
  [false, true].flatMap((expired) =>
    [false, true].flatMap((started) =>
      [false, true].flatMap((arrived) =>
        [false, true].flatMap((full) =>
          [false, true].flatMap((failed) =>
            (arrived && !started) || (full && !arrived) || (failed && !started)
              ? []
              : [{ revoked, expired, started, arrived, full, failed }],
          ),
        ),
      ),
    ),
  ),
);
