import type { Schema } from './schema.ts';

type ServerErrorCode = Schema<'Error'>['error']['code'];

/** Error codes of the API contract (docs/API.md), plus `network` for a request that got no answer. */
export const API_ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'mfa_required',
  'forbidden',
  'account_deactivated',
  'mfa_setup_required',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'rate_limited',
  'internal',
  'unavailable',
  'network',
] as const satisfies readonly (ServerErrorCode | 'network')[];

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
// Every code the server answers is known here: a new one fails to compile until it is listed.
export const allCodesListed: [Exclude<ServerErrorCode, ApiErrorCode>] extends [never] ? true : never = true;

export interface FieldError {
  field: string;
  message: string;
  /** The key of `message` in the messages catalogue, when the server took it from there (docs/API.md). */
  messageId?: string;
  /** The values filled into that message's `{name}` placeholders. */
  params?: Record<string, string | number>;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: FieldError[];
  /** From `Retry-After`: how long the server asked the client to wait before asking again. */
  readonly retryAfterMs: number | undefined;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    details: FieldError[] = [],
    retryAfterMs?: number,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfterMs = retryAfterMs;
  }

  /** The message the server gave for one field of a 400, if any. */
  fieldMessage(field: string): string | undefined {
    return this.fieldError(field)?.message;
  }

  fieldError(field: string): FieldError | undefined {
    return this.details.find((d) => d.field === field);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The code to assume when an answer carries no (known) code: what the status means in the contract. */
export function codeForStatus(status: number): ApiErrorCode {
  if (status === 0) return 'network';
  if (status === 400 || status === 422) return 'bad_request';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  // A gateway answering for a server that is down or restarting.
  if (status === 502 || status === 503 || status === 504) return 'network';
  return 'internal';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isKnownCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && (API_ERROR_CODES as readonly string[]).includes(value);
}

function parseParams(value: unknown): Record<string, string | number> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return Object.fromEntries(entries);
}

function parseDetails(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (!isRecord(entry)) return [];
    const { field, message, messageId } = entry;
    if (typeof field !== 'string' || typeof message !== 'string') return [];
    if (typeof messageId !== 'string') return [{ field, message }];
    return [{ field, message, messageId, params: parseParams(entry.params) ?? {} }];
  });
}

/** A `Retry-After` header (seconds, or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Turns a failed answer into an ApiError. `body` is the parsed JSON (or undefined when the body was not
 * JSON); anything that is not `{ error: { code, message, details? } }` falls back to the status.
 * `retryAfter` is the answer's `Retry-After` header.
 */
export function parseApiError(
  status: number,
  body: unknown,
  statusText = '',
  retryAfter?: string | null,
): ApiError {
  const wait = parseRetryAfter(retryAfter);
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(error)) {
    const code = isKnownCode(error.code) ? error.code : codeForStatus(status);
    const message = typeof error.message === 'string' && error.message !== '' ? error.message : statusText;
    return new ApiError(status, code, message, parseDetails(error.details), wait);
  }
  return new ApiError(status, codeForStatus(status), statusText, [], wait);
}
