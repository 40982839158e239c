import { isUuid } from '../lib/ids.ts';

/**
 * A validated blob key: `<tenant uuid>/<segment>/...`, every segment `[a-z0-9-]`. Keys are built
 * from ids only, so nothing a user typed (a file name, a title) can reach a path or an object key.
 */
export type BlobKey = string & { readonly __brand: 'BlobKey' };

export class BlobKeyError extends Error {
  override name = 'BlobKeyError';
}

const SEGMENT = /^[a-z0-9-]{1,128}$/;
// S3's limit on a key; a local path of this length is far below PATH_MAX.
const MAX_KEY_LENGTH = 1024;

const describe = (value: unknown): string => JSON.stringify(String(value).slice(0, 80));

function checkSegments(segments: readonly unknown[]): void {
  const [tenant, ...rest] = segments;
  // Lower-case only: the same id must never map to two keys (S3 keys are case-sensitive).
  if (typeof tenant !== 'string' || !isUuid(tenant) || tenant !== tenant.toLowerCase()) {
    throw new BlobKeyError(`Blob key must start with a lower-case tenant id, got ${describe(tenant)}`);
  }
  for (const segment of rest) {
    if (typeof segment !== 'string' || !SEGMENT.test(segment)) {
      throw new BlobKeyError(`Blob key segment must match [a-z0-9-]{1,128}, got ${describe(segment)}`);
    }
  }
}

/** The key of a blob (or the prefix of a group of blobs) of a tenant, from ids and fixed names. */
export function blobKey(tenantId: string, ...segments: string[]): BlobKey {
  checkSegments([tenantId, ...segments]);
  const key = [tenantId, ...segments].join('/');
  if (key.length > MAX_KEY_LENGTH) throw new BlobKeyError(`Blob key is longer than ${MAX_KEY_LENGTH}`);
  return key as BlobKey;
}

/** A key read back from storage or the database, checked again before it is used. */
export function parseBlobKey(value: string): BlobKey {
  if (value.length > MAX_KEY_LENGTH) {
    throw new BlobKeyError(`Not a blob key: ${describe(value)}`);
  }
  checkSegments(value.split('/'));
  return value as BlobKey;
}

export function isBlobKey(value: string): value is BlobKey {
  try {
    parseBlobKey(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every store method checks its keys again: the type can be cast around, and a key read from the
 * database is only as trustworthy as whatever wrote it.
 */
export function assertBlobKey(key: string): asserts key is BlobKey {
  parseBlobKey(key);
}
