import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';

/** The part of the OpenAPI document the checks read. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, OpenApiAnswer> };
}

export interface OpenApiOperation {
  responses: Record<string, OpenApiAnswer>;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: unknown;
}

interface OpenApiAnswer {
  $ref?: string;
  description: string;
  content?: Record<string, { schema?: unknown }>;
}

/** One answer of the server, as a test saw it. */
export interface Answer {
  method: string;
  /** The route that answered, as Fastify declares it (`/api/v1/items/:id`); null when none did. */
  route: string | null;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** `/api/v1/items/:id/media/*` → `/api/v1/items/{id}/media/{*}`, as the document names paths. */
export const documentPath = (route: string): string =>
  route.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

// OpenAPI 3.1 says `null` with a type list (`type: ['string', 'null']`): allowed, the rest is strict.
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
// ajv-formats is CommonJS: its default export is the module object under Node's ESM.
(formats as unknown as typeof formats.default)(ajv);
const compiled = new Map<string, ValidateFunction>();

/** The operation's schema with its component references resolvable on their own. */
function validatorFor(schema: unknown, components: Record<string, unknown>): ValidateFunction {
  const text = JSON.stringify({ ...(schema as object), $defs: components }).replaceAll(
    '#/components/schemas/',
    '#/$defs/',
  );
  let validate = compiled.get(text);
  if (!validate) {
    validate = ajv.compile(JSON.parse(text) as object);
    compiled.set(text, validate);
  }
  return validate;
}

const mediaOf = (headers: Answer['headers']): string =>
  String(headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() ?? '';

/** The documented content that covers the media type: exact, then `type/*`, then `*\/*`. */
function contentFor(answer: OpenApiAnswer, media: string) {
  const content = answer.content ?? {};
  const key = [media, `${media.split('/')[0] ?? ''}/*`, '*/*'].find((k) => k in content);
  return key === undefined ? undefined : { key, schema: content[key]?.schema };
}

/**
 * Checks answers against the OpenAPI document the server publishes (docs/API.md): the status is
 * documented for the operation, and the body is what the document says for it (JSON bodies
 * validated by Ajv in strict mode, with formats), or empty when it documents none. A request no
 * route took must get the error shape with 404 or 405 (and `Allow`).
 */
export class Contract {
  readonly #document: OpenApiDocument;
  readonly #components: Record<string, unknown>;

  constructor(document: OpenApiDocument) {
    this.#document = document;
    this.#components = document.components?.schemas ?? {};
  }

  /** The operation of a route; HEAD falls back to GET, as Fastify answers it. */
  operation(method: string, route: string): OpenApiOperation | undefined {
    const path = this.#document.paths[documentPath(route)];
    const verb = method.toLowerCase();
    return path?.[verb] ?? (verb === 'head' ? path?.get : undefined);
  }

  /** Throws, saying what disagrees, when the answer is not what the document promises. */
  check(answer: Answer): void {
    const where = `${answer.method} ${answer.route ?? '(no route)'} answered ${answer.status}`;
    const fail = (why: string): never => {
      throw new Error(`Contract: ${where}, ${why}. Body: ${answer.body.slice(0, 500)}`);
    };
    // The document does not describe itself (its JSON and the UI under /api/docs).
    if (answer.route?.startsWith('/api/docs')) return;
    if (answer.route === null) {
      if (answer.status !== 404 && answer.status !== 405) fail('but only 404 or 405 may answer no route');
      if (answer.status === 405 && !answer.headers.allow) fail('without Allow');
      this.#checkJson(
        {
          description: 'error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        answer,
        fail,
      );
      return;
    }
    const operation = this.operation(answer.method, answer.route);
    if (!operation) return fail('but the document has no such operation');
    const documented = this.#resolve(operation.responses[String(answer.status)]);
    if (!documented) {
      return fail(`but the document lists only ${Object.keys(operation.responses).join(', ')}`);
    }
    if (answer.method === 'HEAD' || !documented.content) {
      if (answer.body !== '') fail('with a body where the document says none');
      return;
    }
    this.#checkJson(documented, answer, fail);
  }

  /** A shared answer (`#/components/responses/NotFound`) in place of its reference. */
  #resolve(answer: OpenApiAnswer | undefined): OpenApiAnswer | undefined {
    const name = answer?.$ref?.replace('#/components/responses/', '');
    return name === undefined ? answer : this.#document.components?.responses?.[name];
  }

  #checkJson(documented: OpenApiAnswer, answer: Answer, fail: (why: string) => never): void {
    const media = mediaOf(answer.headers);
    const content = contentFor(documented, media);
    if (!content) {
      return fail(
        `as ${media || 'no content type'}, not ${Object.keys(documented.content ?? {}).join(' or ')}`,
      );
    }
    if (!content.key.endsWith('json') || content.schema === undefined) return;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return fail('with a body that is not JSON');
    }
    const validate = validatorFor(content.schema, this.#components);
    if (!validate(body)) fail(`with a body the document does not allow: ${ajv.errorsText(validate.errors)}`);
  }
}
