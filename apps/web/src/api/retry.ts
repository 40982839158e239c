import { isApiError } from './errors.ts';

/** Client errors (4xx) are answers, not hiccups: retrying cannot change them. Others get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}
