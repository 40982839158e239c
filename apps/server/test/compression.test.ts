import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renditionKey } from '../src/modules/items/renditions.ts';
import { registerCompression } from '../src/plugins/compression.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { registerWeb } from '../src/plugins/web.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestUser } from './support/factories.ts';
import { addVersion, makeItem } from './support/items.ts';

describe("the web app's files", () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'skald-dist-'));
  const web = Fastify();
  const script = `export const answer = ${JSON.stringify('forty-two '.repeat(300))};\n`;
  const html = `<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head></html>`;
  /** A file and the .br and .gz that the build writes beside it. */
  const writeCompressed = (name: string, text: string) => {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  };
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeCompressed('index.html', html);
    writeCompressed('assets/app.js', script);
    // One the build left alone (a source map): it must not be compressed per request either.
    writeFileSync(path.join(dist, 'assets/app.js.map'), JSON.stringify({ mappings: 'A'.repeat(4000) }));
    expect(await registerWeb(web, dist)).toBe(true);
    registerErrorHandling(web, { spa: true });
    await registerCompression(web);
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    web.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it.each([
    ['br', 'gzip, deflate, br, zstd', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ])('are sent as the %s file the build wrote', async (encoding, accepted, decode) => {
    const res = await get('/assets/app.js', accepted);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload).toEqual(
      readFileSync(path.join(dist, `assets/app.js.${encoding === 'br' ? 'br' : 'gz'}`)),
    );
    expect(decode(res.rawPayload).toString()).toBe(script);
  });

  it('are sent as they are to a client that accepts no encoding', async () => {
    const res = await get('/assets/app.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe(script);
  });

  it.each(['/', '/folders?folderId=x'])('index.html of %s comes compressed too', async (url) => {
    const res = await get(url, 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it('a file without a compressed copy is sent as it is, not compressed per request', async () => {
    const res = await get('/assets/app.js.map', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe("the API's answers", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await makeUser(t, await makeTenant(t), { permissions: ['item.downloadMedia'] });
  });
  afterAll(async () => t.close());

  const get = (url: string, acceptEncoding: string) =>
    t.call({ method: 'GET', url, cookie: user.cookie, headers: { 'accept-encoding': acceptEncoding } });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('JSON of 1 KiB and more is compressed with %s', async (encoding, decode) => {
    const plain = await t.call({ method: 'GET', url: '/api/v1/me', cookie: user.cookie });
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    const res = await get('/api/v1/me', encoding);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('smaller JSON is not', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('media and downloads are never compressed, compressible or not', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt, { permissions: ['item.downloadMedia'] });
    const text = Buffer.from('a line of a very compressible text file\n'.repeat(200));
    const id = await makeItem(t, tt, { ownerId: owner.id });
    const versionId = await addVersion(t, tt, id, {
      original: text,
      filename: 'notes.txt',
      processed: {
        itemType: 'video',
        technical: null,
        renditions: { files: ['hls/index.m3u8', 'waveform.json'], hlsPlaylist: 'hls/index.m3u8' },
      },
    });
    await t.services.db
      .updateTable('item_versions')
      .set({ mime_type: 'text/plain' })
      .where('id', '=', versionId)
      .execute();
    for (const file of ['hls/index.m3u8', 'waveform.json']) {
      await t.services.blobs.put(renditionKey(tt.tenant.id, id, versionId, file), text);
    }
    for (const url of [
      `/api/v1/items/${id}/download`,
      `/api/v1/items/${id}/media/hls/index.m3u8`,
      `/api/v1/items/${id}/media/waveform.json`,
    ]) {
      const res = await t.call({
        method: 'GET',
        url,
        cookie: owner.cookie,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers['content-length'], url).toBe(String(text.length));
      expect(res.rawPayload.equals(text), url).toBe(true);
    }
    const download = await t.call({
      method: 'GET',
      url: `/api/v1/items/${id}/download`,
      cookie: owner.cookie,
    });
    expect(download.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('the event stream is not', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const aborted = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/events`, {
      headers: { cookie: user.cookie, 'accept-encoding': 'br, gzip' },
      signal: aborted.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    aborted.abort();
  });
});
