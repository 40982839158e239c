import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renditionKey } from '../src/modules/items/renditions.ts';
import type { ShareDetailDto } from '../src/modules/shares/shares.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestUser } from './support/factories.ts';
import { addVersion, makeItem } from './support/items.ts';
import { errorOf, fieldsOf } from './support/responses.ts';
import { storedZipEntries } from './support/zip.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A clip with its proxy, and a file whose processing made no proxy (the original only). */
async function setup() {
  const tt = await makeTenant(t);
  const editor = await makeUser(t, tt, { permissions: ['share.shareMedia'] });
  const clip = await makeItem(t, tt, { ownerId: editor.id, title: 'Harbour' });
  const versionId = await addVersion(t, tt, clip, {
    original: Buffer.from('original of Harbour'),
    filename: 'Harbour.mov',
    processed: {
      itemType: 'video',
      technical: null,
      renditions: { files: ['proxy.mp4'], proxy: 'proxy.mp4' },
    },
  });
  await t.services.blobs.put(
    renditionKey(tt.tenant.id, clip, versionId, 'proxy.mp4'),
    Buffer.from('proxy bytes'),
  );
  const raw = await makeItem(t, tt, { ownerId: editor.id, title: 'Raw' });
  await addVersion(t, tt, raw, {
    original: Buffer.from('raw original'),
    filename: 'Raw.mxf',
    processed: { itemType: 'video', technical: null, renditions: { files: [] } },
  });
  return { tt, editor, clip, raw };
}

async function share(user: TestUser, itemIds: string[], download: 'proxy' | 'original' | null) {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/shares',
    cookie: user.cookie,
    body: {
      title: 'Rushes',
      itemIds,
      download,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      maxUses: 5,
    },
  });
  expect(res.statusCode).toBe(201);
  const { link } = res.json<ShareDetailDto>();
  return link.slice(link.lastIndexOf('/') + 1);
}

/** A visitor who opened the page (their cookie), then asks for the zip. */
async function opened(token: string) {
  const page = await t.call({ method: 'GET', url: `/api/v1/public/shares/${token}` });
  const visitor = page.cookies.find((c) => c.name === 'skald_share_visitor');
  const cookie = `skald_share_visitor=${visitor?.value ?? ''}`;
  return (missing?: string) =>
    t.call({
      method: 'GET',
      url: `/api/v1/public/shares/${token}/download-all${missing ? `?missing=${missing}` : ''}`,
      cookie,
    });
}

describe('download all as a zip', () => {
  it("streams the share's quality, with §8's skip, continue and another for items without it", async () => {
    const { editor, clip, raw } = await setup();
    const download = await opened(await share(editor, [clip, raw], 'proxy'));

    const skip = await download('skip');
    expect(skip.statusCode).toBe(200);
    expect(skip.headers['content-type']).toBe('application/zip');
    expect(skip.headers['content-disposition']).toBe('attachment; filename=Rushes.zip');
    const skipped = storedZipEntries(skip.rawPayload);
    expect([...skipped.keys()]).toEqual(['Harbour-proxy.mp4']);
    expect(skipped.get('Harbour-proxy.mp4')?.toString()).toBe('proxy bytes');

    const kept = storedZipEntries((await download('continue')).rawPayload);
    expect([...kept.keys()]).toEqual(['Harbour-proxy.mp4', 'MISSING.txt']);
    expect(kept.get('MISSING.txt')?.toString()).toBe('Raw\n');

    const other = storedZipEntries((await download('another')).rawPayload);
    expect([...other.keys()]).toEqual(['Harbour-proxy.mp4', 'Raw.mxf']);
    expect(other.get('Raw.mxf')?.toString()).toBe('raw original');
  });

  it('answers 401 before the page was opened, 403 without downloads, 404 for a wrong link, 400 naming missing', async () => {
    const { editor, clip } = await setup();
    const token = await share(editor, [clip], 'original');
    const unopened = await t.call({ method: 'GET', url: `/api/v1/public/shares/${token}/download-all` });
    expect(unopened.statusCode).toBe(401);

    const noDownloads = await opened(await share(editor, [clip], null));
    expect((await noDownloads()).statusCode).toBe(403);

    const wrong = await t.call({
      method: 'GET',
      url: `/api/v1/public/shares/${'x'.repeat(43)}/download-all`,
    });
    expect(wrong.statusCode).toBe(404);
    const bad = await (await opened(token))('everything');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['missing']);
    expect(errorOf(bad).code).toBe('bad_request');
  });

  it('names files used twice apart', async () => {
    const { tt, editor, clip } = await setup();
    const twin = await makeItem(t, tt, { ownerId: editor.id, title: 'Harbour again' });
    const versionId = await addVersion(t, tt, twin, {
      original: Buffer.from('second'),
      filename: 'Harbour.mov',
      processed: {
        itemType: 'video',
        technical: null,
        renditions: { files: ['proxy.mp4'], proxy: 'proxy.mp4' },
      },
    });
    await t.services.blobs.put(renditionKey(tt.tenant.id, twin, versionId, 'proxy.mp4'), Buffer.from('twin'));
    const download = await opened(await share(editor, [clip, twin], 'proxy'));
    const entries = storedZipEntries((await download()).rawPayload);
    expect([...entries.keys()]).toEqual(['Harbour-proxy.mp4', 'Harbour-proxy (2).mp4']);
  });
});
