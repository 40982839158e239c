import { MESSAGES, formatMessage, type MessageKey, type MessageParams } from '@skald/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { allowedMethods } from './allowed-methods.ts';
import { sendSpaPage, wantsSpaPage } from './web.ts';

export interface FieldError {
  field: string;
  message: string;
  /**
   * When `message` comes from the catalogue (MESSAGES of @skald/domain): its key and the values filled
   * into it, so that a client can say it in its own language (docs/API.md).
   */
  messageId?: MessageKey;
  params?: MessageParams;
}

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'mfa_required'
  | 'forbidden'
  | 'account_deactivated'
  | 'mfa_setup_required'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'range_not_satisfiable'
  | 'rate_limited'
  | 'internal'
  | 'unavailable';

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  mfa_required: 401,
  forbidden: 403,
  account_deactivated: 403,
  mfa_setup_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

/** Every error code, for the OpenAPI document's error shape. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The one error every route throws; the handler below turns it into the one error shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: FieldError[] | undefined;

  constructor(code: ErrorCode, message: string, details?: FieldError[]) {
    super(message);
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/**
 * A 429 (too many tries) or 503 (the server sheds load) that says when to come back: the handler
 * sends Retry-After (whole seconds).
 */
export class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(
    message: string,
    retryAfterSeconds: number,
    code: 'rate_limited' | 'unavailable' = 'rate_limited',
  ) {
    super(code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badField = (field: string, message: string): AppError =>
  new AppError('bad_request', message, [{ field, message }]);
/** A 400 on `field` with a catalogue message, its key and its values. */
export function badFieldMessage(field: string, messageId: MessageKey, params: MessageParams = {}): AppError {
  const message = formatMessage(MESSAGES[messageId], params);
  return new AppError('bad_request', message, [{ field, message, messageId, params }]);
}
export const notFound = (what = 'Not found'): AppError => new AppError('not_found', what);
export const forbidden = (message = 'Forbidden'): AppError => new AppError('forbidden', message);
export const unauthorized = (message = 'Authentication required'): AppError =>
  new AppError('unauthorized', message);

export function errorBody(code: ErrorCode, message: string, details?: FieldError[]) {
  return { error: { code, message, ...(details ? { details } : {}) } };
}

export function registerErrorHandling(app: FastifyInstance, options: { spa: boolean }): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RetryLaterError) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: fieldName(error.validationContext, v.instancePath, v.params),
        message: v.message ?? 'Invalid value',
      }));
      const first = details[0];
      const message = first ? `${first.field}: ${first.message}` : 'Bad request';
      return reply.status(400).send(errorBody('bad_request', message, details));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody('rate_limited', 'Too many requests, please try again later'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON (400), body too large (413), wrong content type (415).
      return reply.status(status).send(errorBody(codeOfStatus(status), error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal', 'Something went wrong'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.spa && wantsSpaPage(request)) return sendSpaPage(reply);
    const path = request.url.split('?')[0] ?? '';
    const allowed = allowedMethods(request.server, path);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(
          errorBody(
            'method_not_allowed',
            `Method ${request.method} is not allowed here; use ${allowed.join(', ')}`,
          ),
        );
    }
    return reply.status(404).send(errorBody('not_found', `Route ${request.method} ${path} not found`));
  });
}

const codeOfStatus = (status: number): ErrorCode =>
  ERROR_CODES.find((code) => ERROR_STATUS[code] === status) ?? 'bad_request';

function fieldName(
  context: string | undefined,
  instancePath: string,
  params: Record<string, unknown>,
): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  // A missing required property has an empty path; its name is in the params.
  const missing = typeof params.missingProperty === 'string' ? params.missingProperty : '';
  return path || missing || context || 'body';
}
