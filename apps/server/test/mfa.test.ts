import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, PASSWORD, type TestUser } from './support/factories.ts';

/** The authenticator's code `stepsAhead` 30-second steps from now (each code is accepted once). */
const codeAt = (secret: string, stepsAhead: 0 | 1) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function enrol(user: TestUser): Promise<string> {
  const setup = await t.call({ method: 'POST', url: '/api/v1/me/mfa/setup', cookie: user.cookie });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrDataUrl } = setup.json<{
    secret: string;
    otpauthUrl: string;
    qrDataUrl: string;
  }>();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
  const enabled = await t.call({
    method: 'POST',
    url: '/api/v1/me/mfa/enable',
    cookie: user.cookie,
    body: { code: await generate({ secret }) },
  });
  expect(enabled.statusCode).toBe(200);
  expect(enabled.json()).toMatchObject({ user: { mfaEnabled: true } });
  return secret;
}

describe('two-factor authentication', () => {
  it('once enabled, sign-in needs a current TOTP code', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const secret = await enrol(user);
    const body = { tenant: tt.tenant.slug, email: user.email, password: PASSWORD };
    const without = await t.call({ method: 'POST', url: '/api/v1/auth/login', body });
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ error: { code: 'mfa_required' } });
    const wrong = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { ...body, totp: '000000' },
    });
    expect(wrong.json()).toMatchObject({ error: { code: 'mfa_required' } });
    const right = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { ...body, totp: await codeAt(secret, 1) },
    });
    expect(right.statusCode).toBe(200);
  });

  it('is not enabled by a wrong confirmation code', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    await t.call({ method: 'POST', url: '/api/v1/me/mfa/setup', cookie: user.cookie });
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/me/mfa/enable',
      cookie: user.cookie,
      body: { code: '123456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { details: [{ field: 'code' }] } });
    expect((await t.call({ method: 'GET', url: '/api/v1/me', cookie: user.cookie })).json()).toMatchObject({
      user: { mfaEnabled: false },
    });
  });

  it('can be disabled with a code, unless the tenant enforces it', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    // Enrolled, so that enforcing MFA does not stop them from lifting it again.
    await enrol(admin);
    const enforce = async (mfaEnforced: boolean) => {
      const res = await t.call({
        method: 'PATCH',
        url: '/api/v1/tenant/security',
        cookie: admin.cookie,
        body: { mfaEnforced },
      });
      expect(res.statusCode).toBe(200);
    };
    const secret = await enrol(user);
    await enforce(true);
    const refused = await t.call({
      method: 'POST',
      url: '/api/v1/me/mfa/disable',
      cookie: user.cookie,
      body: { code: await generate({ secret }) },
    });
    expect(refused.statusCode).toBe(403);
    await enforce(false);
    const ok = await t.call({
      method: 'POST',
      url: '/api/v1/me/mfa/disable',
      cookie: user.cookie,
      body: { code: await codeAt(secret, 1) },
    });
    expect(ok.json()).toMatchObject({ user: { mfaEnabled: false } });
  });

  it('stores the secret encrypted, never in the clear', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const secret = await enrol(user);
    const row = await t.services.usersRepository.byId(tt.tenant.id, user.id);
    expect(row?.mfa_secret).toBeTruthy();
    expect(row?.mfa_secret).not.toContain(secret);
  });

  it('when enforced, lets an unenrolled user reach only /me and the MFA set-up until enrolled', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { roles: ['admin'] });
    await t.services.tenantsRepository.setMfaEnforced(tt.tenant.id, true);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', cookie: user.cookie })).json()).toMatchObject({
      mfaSetupRequired: true,
    });
    const blocked = await t.call({ method: 'GET', url: '/api/v1/users', cookie: user.cookie });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: { code: 'mfa_setup_required' } });
    await enrol(user);
    expect((await t.call({ method: 'GET', url: '/api/v1/users', cookie: user.cookie })).statusCode).toBe(200);
  });
});

describe('password reset with two-factor authentication on', () => {
  it('needs a current TOTP code too; a missing or wrong one keeps the reset token usable', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const secret = await enrol(user);
    await t.call({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      body: { tenant: tt.tenant.slug, email: user.email },
    });
    const [mail] = await t.services.outboxRepository.byRecipient(user.email);
    const code = /verification code is: (\d{6})/.exec(mail?.text_body ?? '')?.[1];
    const verified = await t.call({
      method: 'POST',
      url: '/api/v1/auth/forgot-password/verify',
      body: { tenant: tt.tenant.slug, email: user.email, code },
    });
    const { resetToken } = verified.json<{ resetToken: string }>();
    const reset = (totp?: string) =>
      t.call({
        method: 'POST',
        url: '/api/v1/auth/forgot-password/reset',
        body: { resetToken, password: 'after the reset', totp },
      });

    const without = await reset();
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ error: { code: 'mfa_required' } });
    expect((await reset('000000')).json()).toMatchObject({ error: { code: 'mfa_required' } });
    const withCode = await reset(await codeAt(secret, 1));
    expect(withCode.statusCode).toBe(200);
    // The new password is in force (the server asks for the second factor, not the password).
    const login = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { tenant: tt.tenant.slug, email: user.email, password: 'after the reset' },
    });
    expect(login.json()).toMatchObject({ error: { code: 'mfa_required' } });
  });
});

describe('a TOTP code', () => {
  it('is accepted once: replaying it within its half minute is refused', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const secret = await enrol(user);
    const body = { tenant: tt.tenant.slug, email: user.email, password: PASSWORD };
    const code = await codeAt(secret, 1);
    const first = await t.call({ method: 'POST', url: '/api/v1/auth/login', body: { ...body, totp: code } });
    expect(first.statusCode).toBe(200);
    const replay = await t.call({ method: 'POST', url: '/api/v1/auth/login', body: { ...body, totp: code } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: { code: 'mfa_required' } });
  });

  it('settles two requests racing with one code: exactly one signs in', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const secret = await enrol(user);
    const body = {
      tenant: tt.tenant.slug,
      email: user.email,
      password: PASSWORD,
      totp: await codeAt(secret, 1),
    };
    const login = () => t.call({ method: 'POST', url: '/api/v1/auth/login', body });
    const codes = (await Promise.all([login(), login()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 401]);
  });
});
