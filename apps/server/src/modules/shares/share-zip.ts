import { PassThrough, type Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { ZipFile } from 'yazl';
import type { BlobStore } from '../../storage/blob-store.ts';
import { withoutControls } from '../../lib/user-text.ts';
import type { BlobAnswer } from '../items/item-media.service.ts';

/** The note a zip carries when §8's "continue" left files out. */
export const MISSING_NOTE = 'MISSING.txt';

/**
 * A zip of blobs, streamed: each file is opened only when the zip gets to it and read in chunks at
 * the pace the client takes them, so memory stays bounded whatever the share's size. Media is
 * stored, not deflated (it is compressed already); a name used twice gets " (2)" before its extension.
 */
export function zipOfBlobs(
  store: Pick<BlobStore, 'get'>,
  files: readonly BlobAnswer[],
  missing: readonly string[],
): Readable {
  const zip = new ZipFile();
  const names = new Set<string>();
  for (const file of files) {
    const name = uniqueName(names, safeName(file.downloadName ?? 'file'));
    zip.addReadStreamLazy(name, { compress: false }, (done) => {
      store.get(file.key).then(
        (blob) => {
          if (blob) done(null, blob.body);
          else {
            // Gone since the plan was made: an empty entry keeps the zip whole.
            const empty = new PassThrough();
            empty.end();
            done(null, empty);
          }
        },
        (error: unknown) => {
          done(error instanceof Error ? error : new Error(String(error)), undefined as never);
        },
      );
    });
  }
  if (missing.length > 0) {
    zip.addBuffer(Buffer.from(`${missing.join('\n')}\n`), uniqueName(names, MISSING_NOTE), {
      compress: false,
    });
  }
  zip.end();
  return zip.outputStream.pipe(new PassThrough());
}

/** No folders, no control characters: a file name as it is written into the zip. */
const safeName = (name: string): string =>
  name
    .replace(/[\\/]/g, '_')
    .replace(/\p{Cc}/gu, '')
    .trim() || 'file';

function uniqueName(taken: Set<string>, name: string): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Answers a zip as an attachment named after the share. */
export function sendZip(reply: FastifyReply, title: string, zip: Readable): FastifyReply {
  return reply
    .header('content-type', 'application/zip')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition(withoutControls(`${title}.zip`)))
    .send(zip);
}
