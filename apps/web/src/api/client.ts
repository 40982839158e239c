import { ApiError, parseApiError } from './errors.ts';
import type { ApiBody, ApiInput, ApiPath } from './schema.ts';

export const API_BASE = '/api/v1';

type QueryValue = string | number | boolean | null | undefined;

/** `?a=1&b=x` from the defined, non-empty values, in the given order; '' when none. */
export function buildQuery(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A file sent as the body, in its own content type (instead of a JSON `body`). */
  file?: Blob;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal | undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls the API with the session cookie. Resolves with the parsed JSON (undefined for 202/204 without a
 * body); rejects with an ApiError carrying the contract's `{ error: { code, message, details } }`.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, file, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers, signal: signal ?? null };
  if (file !== undefined) {
    headers['Content-Type'] = file.type;
    init.body = file;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${query ? buildQuery(query) : ''}`, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  }
  const parsed = await readJson(response);
  if (!response.ok) {
    throw parseApiError(response.status, parsed, response.statusText, response.headers.get('retry-after'));
  }
  return parsed as T;
}

/** A POST to a route without path parameters, its body and answer typed by the OpenAPI document. */
export function postTo<P extends ApiPath>(path: P, body?: ApiInput<P, 'post'>): Promise<ApiBody<P, 'post'>> {
  return apiRequest(path.slice(API_BASE.length), { method: 'POST', body });
}
