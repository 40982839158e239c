import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * Compresses the API's answers (JSON) of 1 KiB and more for clients that accept br or gzip; a
 * smaller answer fits in a packet or two anyway and is not worth the CPU. Registered after the
 * web app's files, which the build compressed once (`.br`/`.gz` beside each file, served by
 * plugins/web.ts as they are), so only routes registered from here on pass through it. Media
 * answers opt out (`compress: false`: already compressed media, and byte ranges of the stored
 * file); the event stream and tus write to the socket themselves and never reach it.
 *
 * Every answer here is made per request, so the levels are the cheap ones: brotli quality 2 and
 * gzip level 3 shrink a share page's JSON (~140 KB) as much as the plugin's default brotli 4 within
 * a few percent, for about half the CPU (bench/share-page, docs/SHARES.md).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 2,
      },
    },
    zlibOptions: { level: 3 },
  });
}
