import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AnalysisJobKind } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timeline } from '../../src/modules/analysis/analysis.service.ts';
import type { AppearanceDto, PersonDto, PersonImageDto } from '../../src/modules/persons/persons.service.ts';
import type { Page } from '../../src/lib/paging.ts';
import { waitFor } from '../durability/support/wait.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from '../support/factories.ts';
import { makeItem, revokeFromEveryone } from '../support/items.ts';
import { errorOf, fieldsOf } from '../support/responses.ts';
import { facePictures, firstOf, type FacePictures } from './face-pictures.ts';

// Person, celebrity and label detection with the real vision engine on real photographs (the
// engine package's own, cut out by ffmpeg), and the persons' routes.
let t: TestApp;
let dir: string;
let pictures: FacePictures;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  dir = await mkdtemp(path.join(tmpdir(), 'skald-persons-'));
  pictures = await facePictures(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

const call = (user: TestUser, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, body?: object) =>
  t.call({ method, url, cookie: user.cookie, ...(body ? { body } : {}) });

async function analysed(
  tt: TestTenant,
  user: TestUser,
  id: string,
  kind: AnalysisJobKind,
): Promise<Timeline> {
  expect((await call(user, 'POST', `/api/v1/items/${id}/analysis/${kind}`)).statusCode).toBe(202);
  const item = await waitFor(
    async () => {
      const found = await t.services.itemsService.get(tt.root, id);
      return found[kind].state === 'complete' || found[kind].state === 'error' ? found : undefined;
    },
    `${kind} to settle`,
    90_000,
  );
  expect(item[kind]).toMatchObject({ state: 'complete', errorMessage: null });
  return (await call(user, 'GET', `/api/v1/items/${id}/analysis`)).json<Timeline>();
}

const picture = async (tt: TestTenant, user: TestUser, file: string) =>
  makeItem(t, tt, { ownerId: user.id, itemType: 'image', original: await readFile(file) });

const analyst = (tt: TestTenant) =>
  makeUser(t, tt, {
    permissions: ['analytics.personDetection', 'analytics.celebrityDetection', 'analytics.labelDetection'],
  });

describe('person detection', { timeout: 240_000 }, () => {
  it('registers an unknown person, matches their other photo, names every appearance, merges', async () => {
    const tt = await makeTenant(t);
    const user = await analyst(tt);
    const man = await picture(tt, user, pictures.man);
    const first = await analysed(tt, user, man, 'personDetection');
    expect(first.faces).toHaveLength(1);
    const face = firstOf(first.faces);
    expect(face).toMatchObject({ kind: 'face', startMs: 0, name: null });
    // The face lies in the 200 px picture's middle 100 px.
    expect(face.box.x).toBeGreaterThanOrEqual(0.2);
    expect(face.box.x + face.box.width).toBeLessThanOrEqual(0.8);
    expect(face.box.width).toBeGreaterThan(0.25);
    expect(face.personId).toBeTruthy();
    const personId = String(face.personId);

    const unknown = (await call(user, 'GET', `/api/v1/persons/${personId}`)).json<
      PersonDto & { images: PersonImageDto[] }
    >();
    expect(unknown).toMatchObject({ id: personId, name: null, unknown: true, publicFigure: false });
    expect(unknown.images).toHaveLength(1);
    const image = await call(user, 'GET', firstOf(unknown.images).url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // The same man in another photo joins the same (unknown) person; a woman is someone else.
    const again = await picture(tt, user, pictures.manAgain);
    expect((await analysed(tt, user, again, 'personDetection')).faces.map((f) => f.personId)).toEqual([
      personId,
    ]);
    const woman = await picture(tt, user, pictures.woman);
    const womanId = String(firstOf((await analysed(tt, user, woman, 'personDetection')).faces).personId);
    expect(womanId).not.toBe(personId);

    const named = await call(user, 'PATCH', `/api/v1/persons/${personId}`, { name: 'Vladimir Mandic' });
    expect(named.statusCode).toBe(200);
    expect(named.json<PersonDto>()).toMatchObject({ name: 'Vladimir Mandic', unknown: false });
    for (const id of [man, again]) {
      const { faces } = (await call(user, 'GET', `/api/v1/items/${id}/analysis`)).json<Timeline>();
      expect(faces.map((f) => f.name)).toEqual(['Vladimir Mandic']);
    }
    const appearances = (await call(user, 'GET', `/api/v1/persons/${personId}/appearances`)).json<{
      items: AppearanceDto[];
    }>();
    expect(appearances.items.map((a) => a.item.id).sort()).toEqual([man, again].sort());
    expect(firstOf(appearances.items).moments).toEqual([
      expect.objectContaining({ kind: 'face', startMs: 0 }),
    ]);

    const found = (await call(user, 'GET', '/api/v1/persons?q=mandic')).json<Page<PersonDto>>();
    expect(found.items.map((p) => p.id)).toEqual([personId]);

    // Merging the woman's person in (a wrong split, say) names her face too and removes her.
    const merged = await call(user, 'POST', `/api/v1/persons/${personId}/merge`, { personId: womanId });
    expect(merged.statusCode).toBe(200);
    expect((await call(user, 'GET', `/api/v1/persons/${womanId}`)).statusCode).toBe(404);
    const { faces } = (await call(user, 'GET', `/api/v1/items/${woman}/analysis`)).json<Timeline>();
    expect(faces.map((f) => [f.personId, f.name])).toEqual([[personId, 'Vladimir Mandic']]);

    // Deleting the person leaves the faces as no one's.
    expect((await call(user, 'DELETE', `/api/v1/persons/${personId}`)).statusCode).toBe(204);
    const after = (await call(user, 'GET', `/api/v1/items/${man}/analysis`)).json<Timeline>();
    expect(after.faces.map((f) => [f.personId, f.name])).toEqual([[null, null]]);
  });

  it('finds celebrities only among the public figures the tenant curates', async () => {
    const tt = await makeTenant(t);
    const user = await analyst(tt);
    const man = await picture(tt, user, pictures.man);
    const personId = String(firstOf((await analysed(tt, user, man, 'personDetection')).faces).personId);
    await call(user, 'PATCH', `/api/v1/persons/${personId}`, { name: 'Vladimir Mandic' });
    const again = await picture(tt, user, pictures.manAgain);
    expect((await analysed(tt, user, again, 'celebrityDetection')).faces).toEqual([]);
    const marked = await call(user, 'PATCH', `/api/v1/persons/${personId}`, { publicFigure: true });
    expect(marked.json<PersonDto>().publicFigure).toBe(true);
    const { faces } = await analysed(tt, user, again, 'celebrityDetection');
    expect(faces.map((f) => [f.kind, f.personId, f.name])).toEqual([
      ['celebrity', personId, 'Vladimir Mandic'],
    ]);
    expect(firstOf(faces).score).toBeGreaterThanOrEqual(60);
  });

  it('follows the tenant’s settings: with a minimum face width above the face’s, no one is registered', async () => {
    const tt = await makeTenant(t);
    const user = await analyst(tt);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const settings = {
      matchConfidence: 60,
      unknownMaxImages: 2,
      unknownMinSimilarity: 60,
      unknownMinFaceWidthPct: 90,
      unknownZoomOutPct: 0,
    };
    const put = await t.call({
      method: 'PUT',
      url: '/api/v1/tenant/face-settings',
      cookie: admin.cookie,
      body: settings,
    });
    expect(put.statusCode).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/api/v1/tenant/face-settings', cookie: admin.cookie })).json(),
    ).toEqual(settings);
    const man = await picture(tt, user, pictures.man);
    const { faces } = await analysed(tt, user, man, 'personDetection');
    expect(faces.map((f) => f.personId)).toEqual([null]);
    expect((await call(user, 'GET', '/api/v1/persons')).json<Page<PersonDto>>().total).toBe(0);
  });
});

describe('label detection', { timeout: 120_000 }, () => {
  it('labels the COCO objects of a picture: the man at the table and his cup', async () => {
    const tt = await makeTenant(t);
    const user = await analyst(tt);
    const dinner = await picture(tt, user, pictures.dinner);
    const { labels } = await analysed(tt, user, dinner, 'labelDetection');
    expect(labels.map((l) => l.label)).toEqual(expect.arrayContaining(['person', 'cup']));
    for (const l of labels) {
      expect(l.score).toBeGreaterThanOrEqual(30);
      expect(l.box.width).toBeGreaterThan(0);
    }
  });
});

describe('the persons routes', () => {
  const routes = (id: string) =>
    [
      ['GET', '/api/v1/persons'],
      ['GET', `/api/v1/persons/${id}`],
      ['PATCH', `/api/v1/persons/${id}`],
      ['POST', `/api/v1/persons/${id}/merge`],
      ['DELETE', `/api/v1/persons/${id}`],
      ['GET', `/api/v1/persons/${id}/appearances`],
      ['GET', '/api/v1/tenant/face-settings'],
    ] as const;

  const makePerson = async (tt: TestTenant, name: string | null) => {
    const id = crypto.randomUUID();
    await t.services.personsRepository.create(tt.tenant.id, id, { name, unknown: name === null });
    return id;
  };

  it('answer 401 without a session', async () => {
    const tt = await makeTenant(t);
    const id = await makePerson(tt, 'A');
    for (const [method, url] of routes(id)) expect((await t.call({ method, url })).statusCode).toBe(401);
  });

  it('answer 404 for another tenant’s person', async () => {
    const mine = await makeTenant(t);
    const theirs = await makeTenant(t);
    const user = await makeUser(t, mine);
    const mineId = await makePerson(mine, 'Mine');
    const id = await makePerson(theirs, 'Theirs');
    expect((await call(user, 'GET', `/api/v1/persons/${id}`)).statusCode).toBe(404);
    expect((await call(user, 'PATCH', `/api/v1/persons/${id}`, { name: 'X' })).statusCode).toBe(404);
    expect((await call(user, 'POST', `/api/v1/persons/${mineId}/merge`, { personId: id })).statusCode).toBe(
      404,
    );
    expect((await call(user, 'DELETE', `/api/v1/persons/${id}`)).statusCode).toBe(404);
    expect((await call(user, 'GET', `/api/v1/persons/${id}/appearances`)).statusCode).toBe(404);
    expect(
      (await call(user, 'GET', '/api/v1/persons')).json<Page<PersonDto>>().items.map((p) => p.id),
    ).toEqual([mineId]);
  });

  it('answer 403 without person.* (spec §6, on by default) or ui.persons, and to a non-admin for the settings', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const a = await makePerson(tt, 'A');
    const b = await makePerson(tt, 'B');
    expect((await call(user, 'PATCH', `/api/v1/persons/${a}`, { name: 'A2' })).statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/v1/tenant/face-settings')).statusCode).toBe(403);
    await revokeFromEveryone(t, tt, ['person.update', 'person.merge', 'person.delete', 'ui.persons']);
    expect((await call(user, 'PATCH', `/api/v1/persons/${a}`, { name: 'A3' })).statusCode).toBe(403);
    expect((await call(user, 'POST', `/api/v1/persons/${a}/merge`, { personId: b })).statusCode).toBe(403);
    expect((await call(user, 'DELETE', `/api/v1/persons/${a}`)).statusCode).toBe(403);
    expect((await call(user, 'GET', `/api/v1/persons/${a}`)).statusCode).toBe(403);
    expect((await call(user, 'GET', '/api/v1/persons')).statusCode).toBe(403);
  });

  it('answer 400 naming the field: an empty name, a merge into itself or with no person, bad settings', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const a = await makePerson(tt, 'A');
    const empty = await call(user, 'PATCH', `/api/v1/persons/${a}`, { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual(['name']);
    const itself = await call(user, 'POST', `/api/v1/persons/${a}/merge`, { personId: a });
    expect(itself.statusCode).toBe(400);
    expect(fieldsOf(itself)).toEqual(['personId']);
    const bad = await call(user, 'POST', `/api/v1/persons/${a}/merge`, { personId: 'x' });
    expect(fieldsOf(bad)).toEqual(['personId']);
    const settings = await t.call({
      method: 'PUT',
      url: '/api/v1/tenant/face-settings',
      cookie: (await makeUser(t, tt, { roles: ['admin'] })).cookie,
      body: {
        matchConfidence: 101,
        unknownMaxImages: 5,
        unknownMinSimilarity: 60,
        unknownMinFaceWidthPct: 3,
        unknownZoomOutPct: 20,
      },
    });
    expect(settings.statusCode).toBe(400);
    expect(fieldsOf(settings)).toEqual(['matchConfidence']);
    expect(errorOf(settings).message).toBeTruthy();
  });
});
