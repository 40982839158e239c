import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser } from './support/factories.ts';
import { fieldsOf } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const patchMe = (cookie: string | undefined, body: object) =>
  t.call({ method: 'PATCH', url: '/api/v1/me', cookie, body });

describe('PATCH /api/v1/me', () => {
  it('changes your own name and UI language, and /me answers them from then on', async () => {
    const user = await makeUser(t, await makeTenant(t));
    const res = await patchMe(user.cookie, { name: 'Ingrid Aas', language: 'nn' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { name: 'Ingrid Aas', language: 'nn' } });
    const me = await t.call({ method: 'GET', url: '/api/v1/me', cookie: user.cookie });
    expect(me.json()).toMatchObject({ user: { id: user.id, name: 'Ingrid Aas', language: 'nn' } });
    expect((await patchMe(user.cookie, { language: null })).json()).toMatchObject({
      user: { name: 'Ingrid Aas', language: null },
    });
  });

  it.each([
    [{ language: 'de' }, 'language'],
    [{ name: '' }, 'name'],
  ])('answers 400 naming the field for %j, and changes nothing', async (body, field) => {
    const user = await makeUser(t, await makeTenant(t));
    const before: unknown = (await t.call({ method: 'GET', url: '/api/v1/me', cookie: user.cookie })).json();
    const res = await patchMe(user.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', cookie: user.cookie })).json()).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    expect((await patchMe(undefined, { name: 'Nobody' })).statusCode).toBe(401);
  });
});
