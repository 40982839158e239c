import { MESSAGES, type MessageKey } from '@skald/domain';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/** The one error shape (docs/API.md), as the OpenAPI document names it. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      details: z
        .array(
          z
            .object({
              field: z.string(),
              message: z.string(),
              messageId: z.enum(Object.keys(MESSAGES) as [MessageKey, ...MessageKey[]]).optional(),
              params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
            })
            .meta({ id: 'FieldError' }),
        )
        .optional(),
    }),
  })
  .meta({ id: 'Error' });

/** Error statuses a route may declare in `schema.errors` beyond those its declaration implies. */
export type DeclaredErrorStatus = 400 | 401 | 403 | 404 | 409 | 416 | 503;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Error answers beyond those that follow from the route's access, input and limits (a 409 for
     * a conflict, a 403 that the service decides, a 404 for a referenced row): docs/API.md.
     */
    errors?: readonly DeclaredErrorStatus[];
  }
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input (`bad_request`): `details` names each field',
  401: 'No valid session or API key (`unauthorized`), or a TOTP code is needed (`mfa_required`)',
  403: 'Refused (`forbidden`: no permission, or a change sent from another site; `account_deactivated`), or the tenant enforces MFA and this session must enrol first (`mfa_setup_required`)',
  404: "Not found (`not_found`): also another tenant's row or one the caller cannot see",
  409: 'Conflict with the current state (`conflict`)',
  413: 'The body is too large (`payload_too_large`)',
  415: 'The body has a content type this route does not read (`unsupported_media_type`)',
  416: 'The range is outside the file (`range_not_satisfiable`); `Content-Range` gives its size',
  429: 'Too many attempts from this address (`rate_limited`); `Retry-After` says when to try again',
  503: 'Unavailable for now; `Retry-After`, when present, says when to try again',
};

/** Names of the shared error answers (components.responses) of the OpenAPI document. */
const NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  416: 'RangeNotSatisfiable',
  429: 'TooManyRequests',
  503: 'Unavailable',
};

const HEADERS: Record<number, Record<string, object>> = {
  416: { 'Content-Range': { type: 'string', description: '`bytes */<size>`' } },
  429: { 'Retry-After': { type: 'string', description: 'Seconds to wait' } },
  503: { 'Retry-After': { type: 'string', description: 'Seconds to wait' } },
};

// Fastify reads a body (and refuses a malformed, too large or unknown one) for these.
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
// The cross-origin guard (plugins/same-origin.ts) may refuse these on any route, public or not.
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error answers of a route, from what it declares: its access (401, 403), its method (403
 * from the cross-origin guard), its input (400), its path parameters (404), a body (413, 415), a
 * rate limit (429), and its `schema.errors`.
 */
export function errorStatuses(route: RouteOptions): number[] {
  const { schema = {}, config } = route;
  const access = config?.access;
  const mfaSetup = config?.allowDuringMfaSetup === true;
  const methods = [route.method].flat();
  const statuses = new Set<number>(schema.errors ?? []);
  const takesBody = methods.some((m) => BODY_METHODS.has(m));
  if (schema.params || schema.querystring || schema.body || schema.headers || takesBody) statuses.add(400);
  if (access !== 'public' && access !== undefined) {
    statuses.add(401);
    if (access !== 'authenticated' || !mfaSetup) statuses.add(403);
  }
  if (methods.some((m) => UNSAFE_METHODS.has(m))) statuses.add(403);
  if (route.url.includes(':')) statuses.add(404);
  if (takesBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (config?.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** The OpenAPI answers for those statuses, in the error shape. */
export function errorResponses(statuses: number[]): Record<number, object> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: DESCRIPTIONS[status] ?? 'Error',
        ...(HEADERS[status] ? { headers: HEADERS[status] } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

interface Answer {
  description?: string;
  content?: Record<string, unknown>;
}

/**
 * The error answers of every operation become references to one shared answer per status
 * (`#/components/responses/NotFound` …), so the document and the web's generated types say each
 * once; an operation's own variant (tus's text answers) stays where it is.
 */
export function shareErrorAnswers(
  paths: Record<string, Record<string, { responses?: Record<string, Answer> }>>,
) {
  const shared: Record<string, Answer> = {};
  for (const operation of Object.values(paths).flatMap((path) => Object.values(path))) {
    for (const [status, answer] of Object.entries(operation.responses ?? {})) {
      const name = NAMES[Number(status)];
      const isShared =
        name !== undefined &&
        answer.description === DESCRIPTIONS[Number(status)] &&
        Object.keys(answer.content ?? {}).join() === 'application/json';
      if (!name || !isShared || !operation.responses) continue;
      shared[name] ??= answer;
      operation.responses[status] = { $ref: `#/components/responses/${name}` } as Answer;
    }
  }
  return shared;
}
