import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses the API's answers (JSON) of 1 KiB and more for clients that accept br or gzip; a
 * smaller answer fits in a packet or two anyway and is not worth the CPU. Registered after the
 * web app's files, which the build compressed once (`.br`/`.gz` beside each file, served by
 * plugins/web.ts as they are), so only routes registered from here on pass through it. Media
 * answers opt out (`compress: false`: already compressed media, and byte ranges of the stored
 * file); the event stream and tus write to the socket themselves and never reach it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}
