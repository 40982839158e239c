import type { FastifyInstance } from 'fastify';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods some API route answers on this path: a request with another method gets 405 with
 * them in `Allow` rather than a 404 that would say the path does not exist. Paths outside /api
 * (the web app's files) keep their 404.
 */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  if (!path.startsWith('/api/')) return [];
  // Typed as always found, findRoute answers null for a path no route of the method takes.
  return METHODS.filter((method) => (app.findRoute({ method, url: path }) as unknown) !== null);
}
