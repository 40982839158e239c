import type { FastifyReply, FastifyRequest } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import parseRange from 'range-parser';
import { withoutControls } from '../../lib/user-text.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { BlobKey } from '../../storage/blob-key.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

export interface BlobReplyOptions {
  contentType: string;
  /** Sent as an attachment with this file name (downloads); inline otherwise. */
  downloadName?: string | undefined;
}

/** Answers a blob with HTTP range support (players seek in proxies; downloads resume). */
export async function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  store: BlobStore,
  key: BlobKey,
  options: BlobReplyOptions,
): Promise<FastifyReply> {
  const stat = await store.stat(key);
  if (!stat) throw notFound('The media is not there (yet)');
  const header = request.headers.range;
  const ranges = header === undefined ? undefined : parseRange(stat.size, header, { combine: true });
  if (ranges === -1) {
    void reply.header('content-range', `bytes */${stat.size}`);
    throw new AppError('range_not_satisfiable', 'The requested range is not satisfiable');
  }
  // A malformed header or several ranges: answer the whole blob, as RFC 9110 allows.
  const range = Array.isArray(ranges) && ranges.length === 1 ? ranges[0] : undefined;
  const blob = await store.get(key, range ? { start: range.start, end: range.end } : undefined);
  if (!blob) throw notFound('The media is not there (yet)');
  void reply
    .header('content-type', options.contentType)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=60')
    .header('content-length', String(blob.range ? blob.range.end - blob.range.start + 1 : blob.size));
  if (options.downloadName !== undefined) {
    // The library quotes and encodes (an ASCII fallback and RFC 8187's filename*); names stored
    // before the edge refused control characters lose them here.
    void reply.header('content-disposition', contentDisposition(withoutControls(options.downloadName)));
  }
  if (blob.range) {
    void reply
      .status(206)
      .header('content-range', `bytes ${blob.range.start}-${blob.range.end}/${blob.size}`);
  }
  return reply.send(blob.body);
}
