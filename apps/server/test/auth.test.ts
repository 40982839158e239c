import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { fieldsOf } from './support/responses.ts';
import { makeTenant, makeUser, PASSWORD, sessionCookieOf, signIn } from './support/factories.ts';
import { startSmtpServer, waitFor } from './support/smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const login = (body: object) => t.call({ method: 'POST', url: '/api/v1/auth/login', body });

describe('sign-in', () => {
  it('signs in with organisation, e-mail and password, and the cookie opens /me', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { email: 'Anna@Example.test' });
    const res = await login({
      tenant: tt.tenant.slug.toUpperCase(),
      email: 'anna@example.TEST',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'skald_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await t.call({ method: 'GET', url: '/api/v1/me', cookie: sessionCookieOf(res) });
    expect(me.json()).toMatchObject({ user: { id: user.id }, tenant: { slug: tt.tenant.slug } });
  });

  it.each([
    [
      'a wrong password',
      (slug: string, email: string) => ({ tenant: slug, email, password: 'wrong password' }),
    ],
    [
      'an unknown e-mail',
      (slug: string) => ({ tenant: slug, email: 'nobody@example.test', password: PASSWORD }),
    ],
    [
      'an unknown organisation',
      (_slug: string, email: string) => ({ tenant: 'no-such-org', email, password: PASSWORD }),
    ],
  ])('refuses %s with 401 and the same message', async (_case, body) => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const res = await login(body(tt.tenant.slug, user.email));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'unauthorized', message: 'Wrong organisation, e-mail or password' },
    });
  });

  it('does not let a user of one tenant sign in to another with the same password', async () => {
    const a = await makeTenant(t);
    const b = await makeTenant(t);
    const user = await makeUser(t, a);
    expect((await login({ tenant: b.tenant.slug, email: user.email, password: PASSWORD })).statusCode).toBe(
      401,
    );
  });

  it('answers 400 naming the field for a malformed e-mail', async () => {
    const res = await login({ tenant: 'demo', email: 'not-an-email', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'bad_request', details: [{ field: 'email' }] } });
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const res = await t.call({ method: 'POST', url: '/api/v1/auth/logout', cookie: user.cookie });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'skald_session')?.value).toBe('');
    expect((await t.call({ method: 'GET', url: '/api/v1/me', cookie: user.cookie })).statusCode).toBe(401);
  });
});

describe('change password', () => {
  it('needs the current password, then the new one signs in and the old one does not', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const wrong = await t.call({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      cookie: user.cookie,
      body: { currentPassword: 'not it', newPassword: 'a brand new one' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { details: [{ field: 'currentPassword' }] } });
    const ok = await t.call({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      cookie: user.cookie,
      body: { currentPassword: PASSWORD, newPassword: 'a brand new one' },
    });
    expect(ok.statusCode).toBe(204);
    await expect(signIn(t, tt.tenant.slug, user.email, 'a brand new one')).resolves.toMatch(
      /^skald_session=/,
    );
    expect((await login({ tenant: tt.tenant.slug, email: user.email, password: PASSWORD })).statusCode).toBe(
      401,
    );
  });

  it('refuses a new password shorter than 8 characters, naming the field', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      cookie: user.cookie,
      body: { currentPassword: PASSWORD, newPassword: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { details: [{ field: 'newPassword' }] } });
  });

  it('answers 401 without a session', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      body: { currentPassword: 'x', newPassword: 'yyyyyyyy' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('forgot password', () => {
  const codeIn = (raw: string) => /verification code is: (\d{6})/.exec(raw)?.[1];

  it('mails a code over SMTP; the code verifies ownership, the reset signs in and ends old sessions', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    // In use (so cached) before the reset ends it.
    expect((await t.call({ method: 'GET', url: '/api/v1/me', cookie: user.cookie })).statusCode).toBe(200);
    const asked = await t.call({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      body: { tenant: tt.tenant.slug, email: user.email },
    });
    expect(asked.statusCode).toBe(202);
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes(user.email)));
    const code = codeIn(mail.raw);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await t.call({
      method: 'POST',
      url: '/api/v1/auth/forgot-password/verify',
      body: { tenant: tt.tenant.slug, email: user.email, code },
    });
    expect(verified.statusCode).toBe(200);
    const { resetToken } = verified.json<{ resetToken: string }>();

    const reset = await t.call({
      method: 'POST',
      url: '/api/v1/auth/forgot-password/reset',
      body: { resetToken, password: 'reset and renewed' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ user: { id: user.id } });
    expect(
      (await t.call({ method: 'GET', url: '/api/v1/me', cookie: sessionCookieOf(reset) })).statusCode,
    ).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', cookie: user.cookie })).statusCode).toBe(401);
    await expect(signIn(t, tt.tenant.slug, user.email, 'reset and renewed')).resolves.toBeTruthy();

    const reused = await t.call({
      method: 'POST',
      url: '/api/v1/auth/forgot-password/reset',
      body: { resetToken, password: 'once more please' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: { details: [{ field: 'resetToken' }] } });
  });

  it('answers 202 for an unknown account too, and sends nothing', async () => {
    const tt = await makeTenant(t);
    const before = smtp.mails.length;
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      body: { tenant: tt.tenant.slug, email: 'ghost@example.test' },
    });
    expect(res.statusCode).toBe(202);
    expect(await t.services.outboxRepository.byRecipient('ghost@example.test')).toEqual([]);
    expect(smtp.mails.length).toBe(before);
  });

  it('voids a code after five wrong guesses', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    await t.call({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      body: { tenant: tt.tenant.slug, email: user.email },
    });
    const [row] = await t.services.outboxRepository.byRecipient(user.email);
    const code = codeIn(row?.text_body ?? '') ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (c: string) =>
      t.call({
        method: 'POST',
        url: '/api/v1/auth/forgot-password/verify',
        body: { tenant: tt.tenant.slug, email: user.email, code: c },
      });
    for (let i = 0; i < 5; i++) expect((await verify(wrong)).statusCode).toBe(400);
    const res = await verify(code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { details: [{ field: 'code' }] } });
  });

  it.each([
    ['/api/v1/auth/forgot-password', { tenant: 'demo', email: 'not an e-mail' }, 'email'],
    [
      '/api/v1/auth/forgot-password/verify',
      { tenant: 'demo', email: 'a@example.test', code: '12ab' },
      'code',
    ],
    ['/api/v1/auth/forgot-password/reset', { resetToken: 'x', password: 'short' }, 'password'],
    ['/api/v1/auth/sign-in-code', { code: '' }, 'code'],
  ])('%s answers 400 naming the bad field', async (url, body, field) => {
    const res = await t.call({ method: 'POST', url, body });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
  });
});

describe('deactivated accounts', () => {
  it("are refused at sign-in with the spec's message, after the password is checked", async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    await t.services.usersService.update(tt.root, user.id, { active: false });
    const res = await login({ tenant: tt.tenant.slug, email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: 'account_deactivated', message: 'Your account is currently deactivated' },
    });
    expect(
      (await login({ tenant: tt.tenant.slug, email: user.email, password: 'wrong password' })).statusCode,
    ).toBe(401);
  });
});
