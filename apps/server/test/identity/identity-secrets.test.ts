import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { UserRow } from '../../src/db/rows.ts';
import { buildIdentity, IDENTITY_USER_COLUMNS, type Identity } from '../../src/identity/identity.ts';
import { authOf, type AuthContext } from '../../src/plugins/auth.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser } from '../support/factories.ts';

const SECRETS = ['password_hash', 'mfa_secret', 'mfa_last_step'] as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("the caller's identity", () => {
  it('has no secret of the user in its type: a handler cannot name one (checked by tsc)', () => {
    expectTypeOf<Identity['user']>().not.toHaveProperty('password_hash');
    expectTypeOf<Identity['user']>().not.toHaveProperty('mfa_secret');
    expectTypeOf<Identity['user']>().not.toHaveProperty('mfa_last_step');
    expectTypeOf<ReturnType<typeof authOf>>().toEqualTypeOf<AuthContext>();
    expectTypeOf<AuthContext['user']>().toEqualTypeOf<Identity['user']>();
    expectTypeOf<NonNullable<FastifyRequest['auth']>['user']>().not.toHaveProperty('password_hash');
    expect(IDENTITY_USER_COLUMNS.filter((c) => (SECRETS as readonly string[]).includes(c))).toEqual([]);
  });

  it('carries none at run time either, loaded or built from a whole row', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    // A secret to leave behind: an MFA set-up stores one.
    await t.call({ method: 'POST', url: '/api/v1/me/mfa/setup', cookie: user.cookie });
    const row = await t.services.usersRepository.byId(tt.tenant.id, user.id);
    expect(row?.password_hash).toBeTruthy();
    expect(row?.mfa_secret).toBeTruthy();
    const loaded = await t.services.identityLoader.load(tt.tenant.id, user.id);
    expect(Object.keys(loaded?.user ?? {}).sort()).toEqual([...IDENTITY_USER_COLUMNS].sort());
    const built = buildIdentity(row as UserRow, tt.tenant, []);
    expect(Object.keys(built.user).sort()).toEqual([...IDENTITY_USER_COLUMNS].sort());
  });
});
