import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildQuery, postTo } from './client.ts';

describe('buildQuery', () => {
  it('skips empty values and encodes the rest', () => {
    expect(
      buildQuery({ search: 'Åse & co', from: 0, itemsPerPage: 25, includeHidden: undefined, x: '' }),
    ).toBe('?search=%C3%85se+%26+co&from=0&itemsPerPage=25');
  });

  it('is empty when nothing is set', () => {
    expect(buildQuery({ search: '', from: undefined })).toBe('');
  });
});

describe('postTo', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('POSTs the JSON body to the path the document names and answers the parsed JSON', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{"resetToken":"t"}', { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    const answer = await postTo('/api/v1/auth/forgot-password/verify', {
      tenant: 'a',
      email: 'e',
      code: '123456',
    });
    expect(answer).toEqual({ resetToken: 't' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/auth/forgot-password/verify',
      expect.objectContaining({ method: 'POST', body: '{"tenant":"a","email":"e","code":"123456"}' }),
    );
  });

  it('answers undefined for a 204', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
    );
    await expect(postTo('/api/v1/auth/logout')).resolves.toBeUndefined();
  });
});
