import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './durability/support/wait.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { errorOf, fieldsOf } from './support/responses.ts';
import { sendByTus } from './support/tus-upload.ts';

// Spec §3 EXIF mapping with a real worker in this process: pictures uploaded by tus, their EXIF
// read by the media job, the mapped fields filled at ingest or by the re-apply job.
let t: TestApp;
let endpoint: string;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `${address}/api/v1/uploads`;
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3355aa' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Kari Nordmann', Copyright: 'NTB' },
      IFD2: { DateTimeOriginal: '2026:03:14 09:26:53' },
    })
    .toBuffer();
});
afterAll(async () => t.close());

interface Setup {
  tt: TestTenant;
  admin: TestUser;
  editor: TestUser;
}

type Method = 'GET' | 'POST' | 'DELETE';
const call = (user: TestUser | null, method: Method, url: string, body?: object) =>
  t.call({ method, url, ...(user ? { cookie: user.cookie } : {}), ...(body ? { body } : {}) });
const map = (user: TestUser, exifPath: string, fieldId: string, formId = 'photo') =>
  call(user, 'POST', '/api/v1/exif-mappings', { exifPath, formId, fieldId });

async function setup(): Promise<Setup> {
  const tt = await makeTenant(t);
  const admin = await makeUser(t, tt, { roles: ['admin'] });
  const editor = await makeUser(t, tt, { permissions: ['item.create'] });
  const res = await call(admin, 'POST', '/api/v1/forms', {
    id: 'photo',
    label: 'Photo',
    active: true,
    fields: [
      { fieldId: 'photographer', label: 'Photographer', type: 'Text' },
      { fieldId: 'taken', label: 'Taken', type: 'Date' },
      { fieldId: 'rights', label: 'Rights', type: 'Text' },
      { fieldId: 'open', label: 'Open', type: 'Button' },
    ],
  });
  expect(res.statusCode).toBe(201);
  return { tt, admin, editor };
}

async function uploadPicture(s: Setup, formValues?: object): Promise<string> {
  const sent = await sendByTus(endpoint, s.editor, photo, {
    filename: 'storm.jpg',
    ...(formValues ? { formValues: JSON.stringify(formValues) } : {}),
  });
  expect(sent.status).toBe(204);
  const itemId = sent.itemId ?? '';
  await waitFor(
    async () => {
      const item = await t.services.itemsService.get(s.tt.root, itemId);
      return item.transcoding.state === 'complete' ? item : undefined;
    },
    'the picture to be processed',
    20_000,
  );
  return itemId;
}

const photoValues = async (s: Setup, itemId: string) =>
  (await call(s.editor, 'GET', `/api/v1/items/${itemId}/metadata`)).json<{
    values: Record<string, Record<string, unknown>>;
  }>().values.photo;

describe('EXIF mapping', { timeout: 40_000 }, () => {
  it("gives a new picture its mapped values at ingest, converted to the field's type", async () => {
    const s = await setup();
    expect((await map(s.admin, 'Artist', 'photographer')).statusCode).toBe(201);
    expect((await map(s.admin, 'DateTimeOriginal', 'taken')).statusCode).toBe(201);
    const itemId = await uploadPicture(s);
    expect(await photoValues(s, itemId)).toEqual({ photographer: 'Kari Nordmann', taken: '2026-03-14' });
  });

  it("keeps a value the upload set over the picture's EXIF", async () => {
    const s = await setup();
    await map(s.admin, 'Artist', 'photographer');
    const itemId = await uploadPicture(s, { photo: { photographer: 'Ola' } });
    expect(await photoValues(s, itemId)).toEqual({ photographer: 'Ola' });
  });

  it('re-applies the mappings to existing pictures as a job with its progress', async () => {
    const s = await setup();
    const before = await uploadPicture(s);
    expect(await photoValues(s, before)).toBeUndefined();
    await map(s.admin, 'Copyright', 'rights');
    const started = await call(s.admin, 'POST', '/api/v1/exif-mappings/apply');
    expect(started.statusCode).toBe(202);
    const { jobId } = started.json<{ jobId: string }>();
    const done = await waitFor(
      async () => {
        const job = (await call(s.admin, 'GET', `/api/v1/exif-mappings/jobs/${jobId}`)).json<{
          state: string;
          progress: number;
        }>();
        return job.state === 'completed' ? job : undefined;
      },
      'the re-apply job',
      20_000,
    );
    expect(done.progress).toBe(100);
    expect(await photoValues(s, before)).toEqual({ rights: 'NTB' });
    const history = await t.services.itemsService.history(s.tt.root, before, { from: 0, itemsPerPage: 20 });
    expect(history.items.find((h) => h.action === 'metadataChanged')?.details).toMatchObject({
      form: 'photo',
      field: 'rights',
      after: 'NTB',
      source: 'exif',
    });
  });

  it('lists and removes mappings', async () => {
    const s = await setup();
    const made = (await map(s.admin, 'Artist', 'photographer')).json<{ id: string }>();
    const list = await call(s.admin, 'GET', '/api/v1/exif-mappings');
    expect(list.json()).toMatchObject({ total: 1, items: [{ exifPath: 'Artist', fieldId: 'photographer' }] });
    expect((await call(s.admin, 'DELETE', `/api/v1/exif-mappings/${made.id}`)).statusCode).toBe(204);
    expect((await call(s.admin, 'GET', '/api/v1/exif-mappings')).json()).toMatchObject({ total: 0 });
  });
});

describe('EXIF mapping routes', () => {
  it('answer 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/exif-mappings'],
      ['POST', '/api/v1/exif-mappings'],
      ['DELETE', `/api/v1/exif-mappings/${crypto.randomUUID()}`],
      ['POST', '/api/v1/exif-mappings/apply'],
      ['GET', '/api/v1/exif-mappings/jobs/1'],
    ] as const) {
      expect((await call(null, method, url)).statusCode).toBe(401);
    }
  });

  it('answer 403 to who is not a tenant administrator', async () => {
    const s = await setup();
    expect((await call(s.editor, 'GET', '/api/v1/exif-mappings')).statusCode).toBe(403);
    expect((await map(s.editor, 'Artist', 'photographer')).statusCode).toBe(403);
    expect((await call(s.editor, 'POST', '/api/v1/exif-mappings/apply')).statusCode).toBe(403);
    expect((await call(s.admin, 'GET', '/api/v1/exif-mappings')).json()).toMatchObject({ total: 0 });
  });

  it("answer 404 for another tenant's mapping or job", async () => {
    const s = await setup();
    const made = (await map(s.admin, 'Artist', 'photographer')).json<{ id: string }>();
    const { jobId } = (await call(s.admin, 'POST', '/api/v1/exif-mappings/apply')).json<{ jobId: string }>();
    const stranger = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
    expect((await call(stranger, 'DELETE', `/api/v1/exif-mappings/${made.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/v1/exif-mappings/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await call(s.admin, 'GET', '/api/v1/exif-mappings')).json()).toMatchObject({ total: 1 });
  });

  it('answer 400 naming the field', async () => {
    const s = await setup();
    const cases: [string, string, string, string][] = [
      ['Artist..x', 'photographer', 'photo', 'exifPath'],
      ['Artist', 'nope', 'photo', 'fieldId'],
      ['Artist', 'open', 'photo', 'fieldId'],
      ['Artist', 'x', 'ghost', 'formId'],
      ['Artist', 'title', 'common', 'fieldId'],
    ];
    for (const [exifPath, fieldId, formId, field] of cases) {
      const res = await map(s.admin, exifPath, fieldId, formId);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    await map(s.admin, 'Artist', 'photographer');
    const twice = await map(s.admin, 'Copyright', 'photographer');
    expect(fieldsOf(twice)).toEqual(['fieldId']);
    expect(errorOf(twice).message).toBe('This field already takes a value from EXIF');
    expect((await call(s.admin, 'DELETE', '/api/v1/exif-mappings/nope')).statusCode).toBe(400);
  });
});
