import { createHash, randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from '../support/factories.ts';
import { makeFolder } from '../support/items.ts';
import { concatList, playlist, pngClaiming, twoColourPdf } from '../media/fixtures.ts';
import { isolatedBackends, type IsolatedBackends } from './support/backends.ts';
import { client, isSettled, type ItemBody } from './support/client.ts';
import { makeClip, makeTone } from './support/media-files.ts';
import { tusUpload } from './support/tus-upload.ts';
import { waitFor } from './support/wait.ts';

// The whole path of a file: tus upload → item → media job in a worker → renditions served over HTTP.
let t: TestApp;
let backends: IsolatedBackends;
let base: string;
let dir: string;
beforeAll(async () => {
  backends = await isolatedBackends(11);
  t = await createTestApp(backends.env);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.services.processingWorker.start();
  dir = await mkdtemp(path.join(tmpdir(), 'skald-pipeline-test-'));
});
afterAll(async () => {
  await t.close();
  await backends.dispose();
  await rm(dir, { recursive: true, force: true });
});

/** A loopback server that counts the connections a hostile file makes the tools open. */
let loopback: Server;
let loopbackUrl = '';
let loopbackConnections = 0;
beforeAll(async () => {
  loopback = createServer((socket) => {
    loopbackConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
  loopbackUrl = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) =>
      loopback.close(() => {
        resolve();
      }),
    ),
);

/** A 2-second clip without faststart: its index is at the end, so its start alone is no video. */
const cutClip = () =>
  makeClip(path.join(dir, `${randomUUID()}-whole.mp4`), { width: 320, height: 240, seconds: 2 });

interface Uploaded {
  tt: TestTenant;
  user: TestUser;
  api: ReturnType<typeof client>;
  item: ItemBody;
}

/** Uploads the file as a new user of a new tenant and waits until its transcoding settled. */
async function uploadAndProcess(file: string, filename: string): Promise<Uploaded> {
  const tt = await makeTenant(t);
  const user = await makeUser(t, tt, { permissions: ['item.create'] });
  const folderId = (await makeFolder(t, tt, 'Inbox')).id;
  const { itemId } = await tusUpload(file, {
    endpoint: `${base}/api/v1/uploads`,
    cookie: user.cookie,
    metadata: { filename, folderId },
  });
  const api = client(base, user.cookie);
  const item = await waitFor(
    async () => {
      const current = await api.item(itemId);
      return isSettled(current.transcoding) ? current : undefined;
    },
    `the transcoding of ${filename} to settle`,
    45_000,
  );
  return { tt, user, api, item };
}

/**
 * The current media job of the item's leading version, once the queue recorded its end: a job
 * settles the item's state before it ends, so reading the job at once races with it.
 */
async function endedJobOf(tt: TestTenant, item: ItemBody) {
  const id = await t.services.processingService.jobOf(tt.tenant.id, item.leadingVersionId ?? '');
  return waitFor(
    async () => {
      const job = id === null ? undefined : await t.services.queue.get(tt.tenant.id, id);
      return job?.state === 'completed' || job?.state === 'failed' ? job : undefined;
    },
    'the queue to record the end of the job',
    10_000,
  );
}

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

describe('the media pipeline, from upload to playback', { timeout: 60_000 }, () => {
  it('turns an uploaded clip into HLS, a proxy that serves ranges, a poster and a strip, with its metadata and history', async () => {
    const file = await makeClip(path.join(dir, 'clip.mp4'), { width: 640, height: 360, seconds: 4 });
    const { api, item } = await uploadAndProcess(file, 'Harbour at dawn.mp4');

    expect(item).toMatchObject({
      itemType: 'video',
      transcoding: { state: 'complete', progress: 100, errorMessage: null },
      media: { segmentCount: 2, segmentDuration: { numerator: 2, denominator: 1 } },
      technicalMetadata: {
        width: 640,
        height: 360,
        videoCodec: 'h264',
        audioCodec: 'aac',
        size: (await readFile(file)).length,
        sha256: await sha256(file),
      },
    });
    expect(item.technicalMetadata?.durationSeconds).toBeCloseTo(4, 0);
    const playback = item.playback;
    if (!playback?.hlsUrl || !playback.proxyUrl || !playback.posterUrl || !playback.strip)
      throw new Error(`incomplete playback: ${JSON.stringify(playback)}`);

    const playlist = await api.get(playback.hlsUrl);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('content-type')).toMatch(/mpegurl/i);
    const lines = (await playlist.text()).split('\n').map((line) => line.trim());
    expect(lines[0]).toBe('#EXTM3U');
    expect(lines).toContain('#EXT-X-ENDLIST');
    const segments = lines.filter((line) => line !== '' && !line.startsWith('#'));
    expect(segments).toHaveLength(2);
    const segmentUrl = new URL(segments[0] ?? '', new URL(playback.hlsUrl, base)).pathname;
    const segment = await api.get(segmentUrl);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    const ts = Buffer.from(await segment.arrayBuffer());
    // MPEG-TS: 188-byte packets, each starting with the sync byte.
    expect([ts.length % 188, ts[0], ts[188]]).toEqual([0, 0x47, 0x47]);

    const head = await api.get(playback.proxyUrl, { range: 'bytes=0-99' });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect(head.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    const bytes = Buffer.from(await head.arrayBuffer());
    expect([bytes.length, bytes.subarray(4, 8).toString('latin1')]).toEqual([100, 'ftyp']);

    expect(await api.image(playback.posterUrl)).toMatchObject({
      status: 200,
      contentType: 'image/jpeg',
      format: 'jpeg',
      width: 640,
      height: 360,
    });
    const thumbnail = await api.image(item.resolvedThumbnailUrl);
    expect(thumbnail).toMatchObject({ status: 200, contentType: 'image/webp', format: 'webp' });
    expect(thumbnail.width).toBeLessThanOrEqual(320);
    const { strip } = playback;
    expect(await api.image(strip.url)).toMatchObject({
      status: 200,
      format: 'jpeg',
      width: strip.columns * strip.tileWidth,
      height: strip.rows * strip.tileHeight,
    });

    expect(await api.historyActions(item.id)).toEqual(['transcodeCompleted', 'transcodeStarted', 'uploaded']);
  });

  it('turns an uploaded sound into an audio item with a proxy and a waveform', async () => {
    const file = await makeTone(path.join(dir, 'tone.m4a'), 3);
    const { api, item } = await uploadAndProcess(file, 'Tone.m4a');

    expect(item).toMatchObject({
      itemType: 'audio',
      transcoding: { state: 'complete', progress: 100 },
      technicalMetadata: { audioCodec: 'aac', videoCodec: null, width: null, height: null },
      playback: { hlsUrl: null },
    });
    expect(item.technicalMetadata?.durationSeconds).toBeCloseTo(3, 0);
    const waveform = await api.json<{
      peaks: number[];
      sampleRate: number;
      samplesPerPeak: number;
      durationSeconds: number;
    }>(item.playback?.waveformUrl ?? 'no waveform');
    expect(waveform.sampleRate).toBe(8000);
    expect(waveform.durationSeconds).toBeCloseTo(3, 0);
    expect(waveform.peaks.length).toBeGreaterThan(0);
    expect(waveform.peaks.every((peak) => peak >= 0 && peak <= 1)).toBe(true);
    expect(Math.max(...waveform.peaks)).toBeGreaterThan(0);
    const proxy = await api.get(item.playback?.proxyUrl ?? 'no proxy', { range: 'bytes=0-9' });
    expect([proxy.status, proxy.headers.get('content-type')]).toEqual([206, 'audio/mp4']);
  });

  it('gives an uploaded PDF its first page as thumbnail and preview; the file stays a file', async () => {
    const file = path.join(dir, 'brief.pdf');
    await writeFile(file, twoColourPdf());
    const { api, item } = await uploadAndProcess(file, 'brief.pdf');

    expect(item).toMatchObject({ itemType: 'file', transcoding: { state: 'complete' } });
    expect(item.resolvedThumbnailUrl).toBe(`/api/v1/items/${item.id}/media/thumbnail.webp`);
    const preview = await api.get(item.playback?.previewUrl ?? 'no preview');
    expect([preview.status, preview.headers.get('content-type')]).toEqual([200, 'image/webp']);
  });

  it.each([
    ['an HLS playlist of /etc/passwd named .mp4', 'clip.mp4', () => playlist('file:///etc/passwd')],
    ['an HLS playlist of a loopback URL', 'clip.mp4', () => playlist(`${loopbackUrl}/segment.ts`)],
    ['an ffconcat list named .mov', 'edit.mov', () => concatList('/etc/passwd')],
    ['a PNG claiming 100000×100000', 'huge.png', () => pngClaiming(100_000, 100_000)],
    ['a truncated MP4', 'cut.mp4', async () => (await readFile(await cutClip())).subarray(0, 20_000)],
  ])('ends %s in the error state, connecting nowhere', async (_what, filename, content) => {
    const file = path.join(dir, `${randomUUID()}-${filename}`);
    await writeFile(file, await content());
    const { item } = await uploadAndProcess(file, filename);

    expect(item.transcoding).toMatchObject({ state: 'error' });
    expect(item.transcoding.errorMessage).toMatch(/\w+/);
    expect(item.playback).toBeNull();
    expect(loopbackConnections).toBe(0);
  });

  it('ends a text file named .mp4 in the error state with a message, at once and for good', async () => {
    const file = path.join(dir, 'notes.mp4');
    await writeFile(file, 'These are meeting notes, not a video.\n'.repeat(200));
    const { tt, api, item } = await uploadAndProcess(file, 'notes.mp4');

    expect(item.transcoding).toMatchObject({ state: 'error', progress: 0 });
    expect(item.transcoding.errorMessage).toMatch(/\w+/);
    expect(item.playback).toBeNull();
    expect(await api.historyActions(item.id)).toEqual(['transcodeFailed', 'transcodeStarted', 'uploaded']);
    // A file the tools refuse is not retried: one attempt, and the job is done.
    expect(await endedJobOf(tt, item)).toMatchObject({ state: 'completed', attempts: 1 });
  });
});
