import { isApiError } from './errors.ts';

/** Client errors (4xx) are answers, not hiccups: retrying cannot change them. Others get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

const MAX_DELAY_MS = 30_000;

/**
 * How long to wait before the next try: doubling from one second (TanStack Query's own default), but
 * never sooner than the server's `Retry-After` (a busy server's 503), and each wait stretched by up to
 * half at random, so that the clients a busy server turned away do not all come back at once.
 */
export function retryDelay(failureCount: number, error: unknown, random: () => number = Math.random): number {
  const doubling = Math.min(1000 * 2 ** failureCount, MAX_DELAY_MS);
  const asked = isApiError(error) ? (error.retryAfterMs ?? 0) : 0;
  return Math.round(Math.max(doubling, asked) * (1 + random() / 2));
}
