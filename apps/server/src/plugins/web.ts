import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Serves the built web app; unknown non-API GETs get index.html so history-mode routes load. */
export async function registerWeb(app: FastifyInstance, dist = WEB_DIST): Promise<boolean> {
  if (!existsSync(path.join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    // The build wrote file.br and file.gz beside each file: sent as they are, no CPU per request.
    preCompressed: true,
    setHeaders: (reply, file) => {
      // Vite fingerprints everything under assets/; index.html must always be fresh.
      void reply.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

export const wantsSpaPage = (request: FastifyRequest): boolean =>
  request.method === 'GET' &&
  !request.url.startsWith('/api') &&
  !path.extname(request.url.split('?')[0] ?? '');

export const sendSpaPage = (reply: FastifyReply): FastifyReply =>
  reply.header('cache-control', 'no-cache').sendFile('index.html');
