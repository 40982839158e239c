import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timeline } from '../../src/modules/analysis/analysis.service.ts';
import type { PersonDetailsDto, PersonImageDto } from '../../src/modules/persons/persons.service.ts';
import { waitFor } from '../durability/support/wait.ts';
import { ffmpeg } from '../media/fixtures.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from '../support/factories.ts';
import { makeItem, revokeFromEveryone } from '../support/items.ts';
import { errorOf, fieldsOf } from '../support/responses.ts';
import { facePictures, type FacePictures } from './face-pictures.ts';

// Spec §3 Person item and person images: a person made by hand is an item of type person that item
// search finds; a picture uploaded for them is read by the real vision engine, and detection then
// matches the same man in another photograph against it.
let t: TestApp;
let dir: string;
let pictures: FacePictures;
let grey: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  dir = await mkdtemp(path.join(tmpdir(), 'skald-person-items-'));
  pictures = await facePictures(dir);
  grey = path.join(dir, 'grey.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'color=gray:s=200x200', '-frames:v', '1', grey]);
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

const call = (
  user: TestUser | null,
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  body?: object,
) => t.call({ method, url, cookie: user?.cookie, ...(body ? { body } : {}) });

const upload = async (user: TestUser | null, personId: string, file: string, type = 'image/png') =>
  t.call({
    method: 'POST',
    url: `/api/v1/persons/${personId}/images`,
    cookie: user?.cookie,
    body: await readFile(file),
    headers: { 'content-type': type },
  });

const create = (user: TestUser, name: string) => call(user, 'POST', '/api/v1/persons', { name });

describe('person items', { timeout: 240_000 }, () => {
  it('a person made by hand is an item of type person; a picture of them makes detection find them', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['analytics.personDetection'] });
    const made = await create(user, 'Vladimir Mandic');
    expect(made.statusCode).toBe(201);
    const person = made.json<PersonDetailsDto>();
    expect(person).toMatchObject({
      itemType: 'person',
      name: 'Vladimir Mandic',
      unknown: false,
      imageIds: [],
    });

    // The item, and item search (spec §2: /search-person is the item search).
    const item = await call(user, 'GET', `/api/v1/items/${person.id}`);
    expect(item.json()).toMatchObject({ id: person.id, itemType: 'person', title: 'Vladimir Mandic' });
    const found = await call(user, 'GET', '/api/v1/search?searchString=mandic&itemType=person');
    expect(found.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toEqual([person.id]);

    // A picture of him: the face is cut out as his image.
    const added = await upload(user, person.id, pictures.man);
    expect(added.statusCode).toBe(201);
    const image = added.json<PersonImageDto>();
    expect(image).toMatchObject({ personId: person.id, itemId: null, startMs: null, source: 'uploaded' });
    const details = (await call(user, 'GET', `/api/v1/persons/${person.id}`)).json<PersonDetailsDto>();
    expect(details.imageIds).toEqual([image.id]);
    const jpeg = await call(user, 'GET', image.url);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // Another photograph of the same man: person detection names him from the uploaded picture.
    const again = await makeItem(t, tt, {
      ownerId: user.id,
      itemType: 'image',
      original: await readFile(pictures.manAgain),
    });
    expect((await call(user, 'POST', `/api/v1/items/${again}/analysis/personDetection`)).statusCode).toBe(
      202,
    );
    await waitFor(
      async () => {
        const state = (await t.services.itemsService.get(tt.root, again)).personDetection.state;
        return state === 'complete' || state === 'error' ? state : undefined;
      },
      'person detection',
      90_000,
    );
    const { faces } = (await call(user, 'GET', `/api/v1/items/${again}/analysis`)).json<Timeline>();
    expect(faces.map((f) => [f.personId, f.name])).toEqual([[person.id, 'Vladimir Mandic']]);

    // Renaming renames the item; the image can be taken away; deleting removes the item.
    await call(user, 'PATCH', `/api/v1/persons/${person.id}`, { name: 'V. Mandic' });
    expect((await call(user, 'GET', `/api/v1/items/${person.id}`)).json()).toMatchObject({
      title: 'V. Mandic',
    });
    expect((await call(user, 'DELETE', `/api/v1/persons/${person.id}/images/${image.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(user, 'GET', image.url)).statusCode).toBe(404);
    // What remains is the face detection cut out of the other photograph.
    const left = (await call(user, 'GET', `/api/v1/persons/${person.id}`)).json<PersonDetailsDto>();
    expect(left.imageIds).not.toContain(image.id);
    expect(left.images.map((i) => [i.itemId, i.source])).toEqual([[again, 'detected']]);
    expect((await call(user, 'DELETE', `/api/v1/persons/${person.id}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', `/api/v1/items/${person.id}`)).statusCode).toBe(404);
  });

  it('naming an unknown person makes their item; merging one into another removes its item', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const a = crypto.randomUUID();
    await t.services.personsRepository.create(tt.tenant.id, a, { name: null, unknown: true });
    expect((await call(user, 'GET', `/api/v1/items/${a}`)).statusCode).toBe(404);
    await call(user, 'PATCH', `/api/v1/persons/${a}`, { name: 'Ada' });
    expect((await call(user, 'GET', `/api/v1/items/${a}`)).json()).toMatchObject({
      itemType: 'person',
      title: 'Ada',
    });
    const b = (await create(user, 'Ada Lovelace')).json<PersonDetailsDto>().id;
    expect((await call(user, 'POST', `/api/v1/persons/${b}/merge`, { personId: a })).statusCode).toBe(200);
    expect((await call(user, 'GET', `/api/v1/items/${a}`)).statusCode).toBe(404);
    expect((await call(user, 'GET', `/api/v1/items/${b}`)).statusCode).toBe(200);
  });
});

describe('the person item routes', { timeout: 120_000 }, () => {
  const named = async (tt: TestTenant, user: TestUser) =>
    (await create(user, `P ${crypto.randomUUID()}`)).json<PersonDetailsDto>().id;

  it('answer 401 without a session', async () => {
    const tt = await makeTenant(t);
    const id = await named(tt, await makeUser(t, tt));
    expect((await call(null, 'POST', '/api/v1/persons', { name: 'A' })).statusCode).toBe(401);
    expect((await upload(null, id, pictures.man)).statusCode).toBe(401);
    expect(
      (await call(null, 'DELETE', `/api/v1/persons/${id}/images/${crypto.randomUUID()}`)).statusCode,
    ).toBe(401);
  });

  it('answer 404 for another tenant’s person or an image that is not theirs', async () => {
    const theirs = await makeTenant(t);
    const id = await named(theirs, await makeUser(t, theirs));
    const mine = await makeTenant(t);
    const user = await makeUser(t, mine);
    expect((await upload(user, id, pictures.man)).statusCode).toBe(404);
    expect(
      (await call(user, 'DELETE', `/api/v1/persons/${id}/images/${crypto.randomUUID()}`)).statusCode,
    ).toBe(404);
    const own = await named(mine, user);
    expect(
      (await call(user, 'DELETE', `/api/v1/persons/${own}/images/${crypto.randomUUID()}`)).statusCode,
    ).toBe(404);
  });

  it('answer 403 without person.create or person.update (spec §6, on by default)', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await named(tt, user);
    await revokeFromEveryone(t, tt, ['person.create', 'person.update']);
    expect((await call(user, 'POST', '/api/v1/persons', { name: 'A' })).statusCode).toBe(403);
    expect((await upload(user, id, pictures.man)).statusCode).toBe(403);
    expect(
      (await call(user, 'DELETE', `/api/v1/persons/${id}/images/${crypto.randomUUID()}`)).statusCode,
    ).toBe(403);
  });

  it('answer 400 naming the field: no name, a picture without a face, bytes that are no picture', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const noName = await call(user, 'POST', '/api/v1/persons', { name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(fieldsOf(noName)).toEqual(['name']);
    const id = await named(tt, user);
    const faceless = await upload(user, id, grey);
    expect(faceless.statusCode).toBe(400);
    expect(fieldsOf(faceless)).toEqual(['image']);
    expect(errorOf(faceless).message).toBe(MESSAGES.noFaceInPicture);
    const garbage = await t.call({
      method: 'POST',
      url: `/api/v1/persons/${id}/images`,
      cookie: user.cookie,
      body: Buffer.from('not a picture at all'),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(fieldsOf(garbage)).toEqual(['image']);
    expect(errorOf(garbage).message).toBe(MESSAGES.pictureUnreadable);
    const badId = await call(user, 'DELETE', `/api/v1/persons/${id}/images/x`);
    expect(fieldsOf(badId)).toEqual(['imageId']);
  });
});
