import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponses, errorStatuses, shareErrorAnswers } from './error-answers.ts';

/** Routes under /api (but the document's own) must say what they answer on success. */
const isApiRoute = (url: string): boolean => url.startsWith('/api') && !url.startsWith('/api/docs');

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || route.method === 'HEAD') return;
    const statuses = Object.keys(route.schema?.response ?? {});
    if (!statuses.some((status) => /^[123]\d\d$/.test(status))) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no success answer (schema.response)`,
      );
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Skald API',
        version: '1',
        description:
          'Media asset management. See docs/API.md for conventions. Every error answer has the ' +
          'shape `Error`. A known path asked with a method it does not answer gives 405 with `Allow`.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from User settings → API Keys' },
          session: { type: 'apiKey', in: 'cookie', name: 'skald_session' },
        },
      },
      security: [{ apiKey: [] }, { session: [] }],
    },
    transform: documentRoute,
    transformObject: (document) =>
      withSharedErrorAnswers(
        pruneComponents(componentsOf(document) as Document),
      ) as ReturnType<SwaggerTransformObject>,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

// The named zod schemas (`.meta({ id })`) become components; the error shape is one of them.
const componentsOf = createJsonSchemaTransformObject({});

/**
 * A route's operation: its zod schemas as JSON Schema, the error answers that follow from what it
 * declares (docs/API.md), and no security requirement when it is public.
 */
const documentRoute: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  if (schema.hide) return { schema, url };
  const { route } = input;
  const { response, ...rest } = schema;
  const isPublic = route.config?.access === 'public';
  return {
    url,
    schema: {
      ...rest,
      ...(isPublic ? { security: [] } : {}),
      response: withDeclared(errorResponses(errorStatuses(route)), response as Responses | undefined),
    },
  };
};

type Responses = Record<string, { content?: Record<string, unknown> }>;

/** The route's own answers win; one of the same status in another content type is added to ours. */
function withDeclared(implied: Responses, declared: Responses = {}): Responses {
  const merged = { ...implied };
  for (const [status, answer] of Object.entries(declared)) {
    const ours = merged[status];
    merged[status] =
      ours?.content && answer.content
        ? { ...answer, content: { ...ours.content, ...answer.content } }
        : answer;
  }
  return merged;
}

interface Document {
  paths: Parameters<typeof shareErrorAnswers>[0];
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
  [key: string]: unknown;
}

function withSharedErrorAnswers(document: Document): Document {
  const responses = shareErrorAnswers(document.paths);
  return { ...document, components: { ...document.components, responses } };
}

/**
 * zod's registry yields an input and an output component for every named schema; only those
 * some operation reaches are kept.
 */
function pruneComponents(document: Document): Document {
  const schemas = document.components?.schemas ?? {};
  const kept = new Set<string>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const name = child.replace('#/components/schemas/', '');
        if (!kept.has(name)) {
          kept.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit(document.paths);
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(
        Object.entries(schemas)
          .filter(([name]) => kept.has(name))
          .sort(),
      ),
    },
  };
}
