import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDto } from '../src/modules/items/items.presenter.ts';
import { waitFor } from './durability/support/wait.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant } from './support/factories.ts';
import { addVersion, makeItem } from './support/items.ts';

// Reruns of the media pipeline with a real worker in this process: a rerun must run, whatever
// became of the version's earlier job.
let t: TestApp;
let png: Buffer;
const garbage = Buffer.from('These are meeting notes, not a picture.\n'.repeat(50));
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

const item = (tt: TestTenant, id: string) => t.services.itemsService.get(tt.root, id);
const jobOf = (tt: TestTenant, versionId: string) =>
  t.services.processingService.jobOf(tt.tenant.id, versionId);
const failures = async (tt: TestTenant, id: string) =>
  (await t.services.itemsService.history(tt.root, id, { from: 0, itemsPerPage: 50 })).items.filter(
    (h) => h.action === 'transcodeFailed',
  ).length;

/**
 * Waits until the item's transcoding is complete or in error and its job has ended: a job settles
 * the state just before the queue records its end, and a rerun asked in between joins that run.
 */
async function settled(tt: TestTenant, id: string): Promise<ItemDto> {
  return waitFor(
    async () => {
      const current = await item(tt, id);
      const state = current.transcoding.state;
      if (state !== 'complete' && state !== 'error') return undefined;
      const jobId = await jobOf(tt, current.leadingVersionId ?? '');
      const job = jobId === null ? undefined : await t.services.queue.get(tt.tenant.id, jobId);
      return job?.state === 'active' || job?.state === 'queued' ? undefined : current;
    },
    'the transcoding to settle',
    20_000,
  );
}

/** A new leading version of the item, its processing started as an upload's is. */
async function uploadVersion(tt: TestTenant, id: string, original: Buffer): Promise<string> {
  const versionId = await addVersion(t, tt, id, { original, filename: 'picture.png' });
  await t.services.processingService.start('transcoding', tt.tenant.id, id, versionId, tt.root.user.id);
  return versionId;
}

describe('what the media pipeline records', { timeout: 30_000 }, () => {
  it('gives a file without streams its size and checksum as technical metadata', async () => {
    const tt = await makeTenant(t);
    const id = await makeItem(t, tt, { ownerId: tt.root.user.id, itemType: 'file' });
    await uploadVersion(tt, id, garbage);
    const done = await settled(tt, id);
    expect(done).toMatchObject({ itemType: 'file', transcoding: { state: 'complete' } });
    expect(done.technicalMetadata).toMatchObject({
      size: garbage.length,
      sha256: createHash('sha256').update(garbage).digest('hex'),
      durationSeconds: null,
      width: null,
      videoCodec: null,
    });
  });
});

describe('a photo’s EXIF', { timeout: 30_000 }, () => {
  it('is kept with its version and presented as camera, lens, time taken, orientation and position', async () => {
    const photo = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#cc3333' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'Skald Camera', Model: 'S1' },
        IFD2: {
          DateTimeOriginal: '2024:05:17 12:34:56',
          OffsetTimeOriginal: '+02:00',
          LensModel: '35mm f/1.4',
        },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '59/1 54/1 3000/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '10/1 45/1 0/1',
        },
      })
      .toBuffer();
    const tt = await makeTenant(t);
    const id = await makeItem(t, tt, { ownerId: tt.root.user.id, itemType: 'image' });
    await uploadVersion(tt, id, photo);
    const done = await settled(tt, id);
    expect(done.technicalMetadata).toMatchObject({ width: 40, height: 80 });
    expect(done.technicalMetadata?.exif).toEqual({
      make: 'Skald Camera',
      model: 'S1',
      lens: '35mm f/1.4',
      takenAt: '2024-05-17T12:34:56+02:00',
      orientation: 'Rotate 90 CW',
      latitude: expect.closeTo(59.9083, 4) as number,
      longitude: -10.75,
      altitude: null,
    });
  });

  it('is null for a picture without any', async () => {
    const tt = await makeTenant(t);
    const id = await makeItem(t, tt, { ownerId: tt.root.user.id, itemType: 'image' });
    await uploadVersion(tt, id, png);
    expect((await settled(tt, id)).technicalMetadata?.exif).toBeNull();
  });
});

describe('rerunning the media pipeline', { timeout: 30_000 }, () => {
  it('runs a promoted version again whose earlier run failed, instead of finding its old job', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.promote'] });
    const id = await makeItem(t, tt, { ownerId: user.id, itemType: 'image' });
    const broken = await uploadVersion(tt, id, garbage);
    expect((await settled(tt, id)).transcoding.state).toBe('error');
    const firstJob = await jobOf(tt, broken);
    await uploadVersion(tt, id, png);
    expect((await settled(tt, id)).transcoding.state).toBe('complete');

    const res = await t.call({
      method: 'POST',
      url: `/api/v1/items/${id}/versions/${broken}/promote`,
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(200);
    const after = await settled(tt, id);
    expect(after.transcoding).toMatchObject({
      state: 'error',
      errorMessage: 'This picture could not be read',
    });
    expect(await jobOf(tt, broken)).not.toBe(firstJob);
    expect(await failures(tt, id)).toBe(2);
  });

  it('reprocesses a version as often as asked', async () => {
    const tt = await makeTenant(t);
    const id = await makeItem(t, tt, { ownerId: tt.root.user.id, itemType: 'image' });
    const version = await uploadVersion(tt, id, png);
    await settled(tt, id);
    const jobs = [await jobOf(tt, version)];
    for (let run = 0; run < 2; run++) {
      await t.services.itemsService.reprocess(tt.root, id);
      expect((await settled(tt, id)).transcoding).toMatchObject({ state: 'complete', progress: 100 });
      jobs.push(await jobOf(tt, version));
    }
    expect(new Set(jobs).size).toBe(3);
  });

  it('the start-up sweep runs a version again whose job ended without settling the item', async () => {
    const tt = await makeTenant(t);
    const id = await makeItem(t, tt, { ownerId: tt.root.user.id, itemType: 'image' });
    const version = await uploadVersion(tt, id, png);
    await settled(tt, id);
    const ended = await jobOf(tt, version);
    // As a worker that died on the job's last attempt, with no API process listening, leaves it.
    await t.services.processingService.setState('transcoding', tt.tenant.id, id, {
      state: 'progressing',
      progress: 40,
      errorMessage: null,
    });
    await t.services.processingService.requeueUnfinished();
    expect((await settled(tt, id)).transcoding).toMatchObject({ state: 'complete', progress: 100 });
    expect(await jobOf(tt, version)).not.toBe(ended);
  });

  it('leaves a settled item and its finished job alone on the sweep', async () => {
    const tt = await makeTenant(t);
    const id = await makeItem(t, tt, { ownerId: tt.root.user.id, itemType: 'image' });
    const version = await uploadVersion(tt, id, png);
    await settled(tt, id);
    const ended = await jobOf(tt, version);
    await t.services.processingService.requeueUnfinished();
    expect(await jobOf(tt, version)).toBe(ended);
  });

  it('keeps an older version’s run from writing over the item once another version leads', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['item.promote'] });
    const id = await makeItem(t, tt, { ownerId: user.id, itemType: 'image' });
    const good = await uploadVersion(tt, id, png);
    await settled(tt, id);
    // A broken upload is promoted away from before its run ends; its failure stays its own.
    const broken = await addVersion(t, tt, id, { original: garbage, filename: 'broken.png' });
    await t.services.itemsService.promote(tt.root, id, good);
    await t.services.processingService.start('transcoding', tt.tenant.id, id, broken, null);
    await waitFor(async () => ((await failures(tt, id)) === 1 ? true : undefined), 'the broken run', 20_000);
    expect((await item(tt, id)).transcoding).toMatchObject({ state: 'complete', errorMessage: null });
  });
});
