import { describe, expect, it } from 'vitest';
import { blobKey, BlobKeyError, isBlobKey, parseBlobKey } from '../../src/storage/blob-key.ts';

const tenant = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';

describe('blob keys', () => {
  it('are the tenant id and segments joined by slashes', () => {
    expect(blobKey(tenant, 'items', '0190a5b2-0000-7000-8000-000000000001', 'proxy')).toBe(
      `${tenant}/items/0190a5b2-0000-7000-8000-000000000001/proxy`,
    );
    expect(blobKey(tenant)).toBe(tenant);
  });

  it.each([
    ['a parent reference', [tenant, '..']],
    ['a current-directory reference', [tenant, '.']],
    ['an empty segment', [tenant, '']],
    ['a slash inside a segment', [tenant, 'a/b']],
    ['an absolute path', [tenant, '/etc']],
    ['a backslash', [tenant, '..\\x']],
    ['a file name with a dot', [tenant, 'clip.mov']],
    ['a name with a space', [tenant, 'My Clip']],
    ['upper case', [tenant, 'Proxy']],
    ['non-ASCII letters', [tenant, 'blåbær']],
    ['a NUL byte', [tenant, 'a\u0000b']],
    ['a segment of 129 characters', [tenant, 'a'.repeat(129)]],
    ['a tenant that is not an id', ['items', 'x']],
    ['an upper-case tenant id', [tenant.toUpperCase(), 'x']],
    ['a tenant id with a path in it', [`${tenant}/..`, 'x']],
  ])('refuse %s', (_name, [first, ...rest]) => {
    expect(() => blobKey(first ?? '', ...rest)).toThrow(BlobKeyError);
  });

  it('refuse a key longer than S3 allows', () => {
    expect(() => blobKey(tenant, ...Array.from({ length: 9 }, () => 'a'.repeat(128)))).toThrow(BlobKeyError);
  });

  it('read back from storage are checked the same way', () => {
    expect(parseBlobKey(`${tenant}/items/x`)).toBe(`${tenant}/items/x`);
    expect(isBlobKey(`${tenant}/items/x`)).toBe(true);
    for (const bad of [`${tenant}/../x`, `${tenant}/x/`, `/${tenant}/x`, `${tenant}//x`, '']) {
      expect(() => parseBlobKey(bad), bad).toThrow(BlobKeyError);
      expect(isBlobKey(bad), bad).toBe(false);
    }
  });
});
