import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFF, SignInBackoff, backoffDelayMs, type Account } from '../src/modules/auth/sign-in-backoff.ts';
import { SignInFailuresRepository } from '../src/modules/auth/sign-in-failures.repository.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { RetryLaterError } from '../src/plugins/errors.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, PASSWORD, type TestTenant, type TestUser } from './support/factories.ts';
import { errorOf } from './support/responses.ts';

let t: TestApp;
let failures: SignInFailuresRepository;
beforeAll(async () => {
  t = await createTestApp();
  failures = new SignInFailuresRepository(t.services.db);
});
afterAll(async () => t.close());

const START = Date.parse('2026-03-01T08:00:00.000Z');

/** A backoff on the test database whose clock the test moves. */
function withClock() {
  const clock = { now: START };
  return { clock, backoff: new SignInBackoff(failures, () => clock.now) };
}

const stored = (account: Account) =>
  failures.of(account.tenantId, sha256(account.email.trim().toLowerCase()));

async function retryAfterOf(backoff: SignInBackoff, account: Account): Promise<number | null> {
  try {
    await backoff.assertOpen(account);
    return null;
  } catch (err) {
    if (err instanceof RetryLaterError) return err.retryAfterSeconds;
    throw err;
  }
}

describe('backoffDelayMs', () => {
  it.each([
    [0, 0],
    [BACKOFF.freeFailures, 0],
    [6, 1_000],
    [7, 2_000],
    [8, 4_000],
    [11, 32_000],
    [12, 60_000],
    [1_000, 60_000],
  ])('after %i failures in a row waits %i ms', (count, delay) => {
    expect(backoffDelayMs(count)).toBe(delay);
  });
});

describe('the per-account backoff', () => {
  let tt: TestTenant;
  beforeAll(async () => {
    tt = await makeTenant(t);
  });
  const account = (email: string): Account => ({ tenantId: tt.tenant.id, email });

  it('lets five failures pass, then makes each further one wait, doubling from a second', async () => {
    const { clock, backoff } = withClock();
    const a = account('doubling@example.test');
    for (let i = 0; i < BACKOFF.freeFailures; i++) await backoff.failed(a);
    expect(await retryAfterOf(backoff, a)).toBeNull();
    await backoff.failed(a);
    expect(await retryAfterOf(backoff, a)).toBe(1);
    clock.now += 1_000;
    expect(await retryAfterOf(backoff, a)).toBeNull();
    await backoff.failed(a);
    expect(await stored(a)).toMatchObject({
      failures: 7,
      last_failure_at: new Date(clock.now).toISOString(),
      locked_until: new Date(clock.now + 2_000).toISOString(),
    });
    clock.now += 500;
    expect(await retryAfterOf(backoff, a)).toBe(2);
  });

  it('never keeps the owner waiting more than a minute after a failure, however many there were', async () => {
    const { clock, backoff } = withClock();
    const a = account('capped@example.test');
    for (let i = 0; i < 40; i++) {
      await backoff.failed(a);
      clock.now += 1;
    }
    const row = await stored(a);
    expect(row?.failures).toBe(40);
    expect(Date.parse(row?.locked_until ?? '') - Date.parse(row?.last_failure_at ?? '')).toBe(60_000);
    clock.now = Date.parse(row?.last_failure_at ?? '') + 60_000;
    expect(await retryAfterOf(backoff, a)).toBeNull();
  });

  it('is ended by a success', async () => {
    const { backoff } = withClock();
    const a = account('reset@example.test');
    for (let i = 0; i < 8; i++) await backoff.failed(a);
    await backoff.succeeded(a);
    expect(await stored(a)).toBeUndefined();
    expect(await retryAfterOf(backoff, a)).toBeNull();
  });

  it('forgets a run of failures after a quarter of an hour, and purges the tenant’s old rows', async () => {
    const { clock, backoff } = withClock();
    const a = account('forgotten@example.test');
    const stale = account('stale@example.test');
    for (let i = 0; i < 8; i++) await backoff.failed(a);
    await backoff.failed(stale);
    clock.now += BACKOFF.forgetAfterMs + 1;
    await backoff.failed(a);
    expect(await stored(a)).toMatchObject({
      failures: 1,
      last_failure_at: new Date(clock.now).toISOString(),
    });
    expect(await retryAfterOf(backoff, a)).toBeNull();
    expect(await stored(stale)).toBeUndefined();
  });

  it('counts an address however it is typed, and each account and tenant apart', async () => {
    const { backoff } = withClock();
    const other = await makeTenant(t);
    for (let i = 0; i < 6; i++)
      await backoff.failed(account(i % 2 ? ' Same@Example.test' : 'same@example.test'));
    expect(await retryAfterOf(backoff, account('SAME@example.test '))).toBe(1);
    expect(await retryAfterOf(backoff, account('different@example.test'))).toBeNull();
    expect(await retryAfterOf(backoff, { tenantId: other.tenant.id, email: 'same@example.test' })).toBeNull();
  });

  it('is shared by every process on the database', async () => {
    const first = withClock();
    const second = withClock();
    const a = account('shared@example.test');
    for (let i = 0; i < 3; i++) await first.backoff.failed(a);
    for (let i = 0; i < 3; i++) await second.backoff.failed(a);
    expect(await retryAfterOf(first.backoff, a)).toBe(1);
    expect((await stored(a))?.failures).toBe(6);
  });
});

describe('sign-in and the other routes that check a secret', () => {
  /** Fails the account often enough (through the real backoff, real clock) to wait a full minute. */
  async function lockOut(tt: TestTenant, email: string): Promise<void> {
    const backoff = new SignInBackoff(failures);
    for (let i = 0; i < 12; i++) await backoff.failed({ tenantId: tt.tenant.id, email });
  }
  const login = (tt: TestTenant, email: string, password: string, extra: object = {}) =>
    t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      body: { tenant: tt.tenant.slug, email, password, ...extra },
    });

  function expectWaiting(res: Awaited<ReturnType<TestApp['call']>>): void {
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).code).toBe('rate_limited');
    expect(errorOf(res).message).toMatch(/^Too many failed attempts for this account; try again in \d+ s$/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  it('records each wrong password and locks after the sixth in a row', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    for (let i = 0; i < 6; i++) expect((await login(tt, user.email, 'wrong password')).statusCode).toBe(401);
    const row = await stored({ tenantId: tt.tenant.id, email: user.email });
    expect(row?.failures).toBe(6);
    expect(Date.parse(row?.locked_until ?? '') - Date.parse(row?.last_failure_at ?? '')).toBe(1_000);
  });

  it('refuses even the right password while the account waits, from any address', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    await lockOut(tt, user.email);
    expectWaiting(await login(tt, user.email, PASSWORD));
    expectWaiting(
      await t.call({
        method: 'POST',
        url: '/api/v1/auth/login',
        body: { tenant: tt.tenant.slug, email: user.email, password: PASSWORD },
        remoteAddress: '2001:db8:77::1',
      }),
    );
    // The sessions the user already has go on.
    expect((await t.call({ method: 'GET', url: '/api/v1/me', cookie: user.cookie })).statusCode).toBe(200);
  });

  it('backs off an address with no account exactly as a real one, so it tells nothing', async () => {
    const tt = await makeTenant(t);
    for (let i = 0; i < 6; i++) await login(tt, 'nobody@example.test', 'guess');
    expect((await stored({ tenantId: tt.tenant.id, email: 'nobody@example.test' }))?.failures).toBe(6);
    await lockOut(tt, 'nobody@example.test');
    expectWaiting(await login(tt, 'nobody@example.test', 'guess'));
  });

  it('starts again after a successful sign-in', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    for (let i = 0; i < 4; i++) await login(tt, user.email, 'wrong password');
    expect((await login(tt, user.email, PASSWORD)).statusCode).toBe(200);
    expect(await stored({ tenantId: tt.tenant.id, email: user.email })).toBeUndefined();
  });

  it('counts wrong TOTP codes at sign-in, but not the first step that asks for one', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const setup = await t.call({ method: 'POST', url: '/api/v1/me/mfa/setup', cookie: user.cookie });
    const { secret } = setup.json<{ secret: string }>();
    const enable = { method: 'POST', url: '/api/v1/me/mfa/enable', cookie: user.cookie } as const;
    expect((await t.call({ ...enable, body: { code: await generate({ secret }) } })).statusCode).toBe(200);

    expect((await login(tt, user.email, PASSWORD)).statusCode).toBe(401);
    expect(await stored({ tenantId: tt.tenant.id, email: user.email })).toBeUndefined();
    expect((await login(tt, user.email, PASSWORD, { totp: '000000' })).statusCode).toBe(401);
    expect((await stored({ tenantId: tt.tenant.id, email: user.email }))?.failures).toBe(1);
    await lockOut(tt, user.email);
    expectWaiting(await login(tt, user.email, PASSWORD, { totp: await generate({ secret }) }));
    expectWaiting(
      await t.call({
        method: 'POST',
        url: '/api/v1/me/mfa/disable',
        cookie: user.cookie,
        body: { code: await generate({ secret }) },
      }),
    );
  });

  it('counts wrong password-reset codes, and refuses codes while the account waits', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const verify = () =>
      t.call({
        method: 'POST',
        url: '/api/v1/auth/forgot-password/verify',
        body: { tenant: tt.tenant.slug, email: user.email, code: '000000' },
      });
    expect((await verify()).statusCode).toBe(400);
    expect((await stored({ tenantId: tt.tenant.id, email: user.email }))?.failures).toBe(1);
    await lockOut(tt, user.email);
    expectWaiting(await verify());
  });

  it('counts wrong current passwords when changing the password', async () => {
    const tt = await makeTenant(t);
    const user: TestUser = await makeUser(t, tt);
    const change = (currentPassword: string) =>
      t.call({
        method: 'POST',
        url: '/api/v1/auth/change-password',
        cookie: user.cookie,
        body: { currentPassword, newPassword: 'a new long password' },
      });
    expect((await change('not it')).statusCode).toBe(400);
    expect((await stored({ tenantId: tt.tenant.id, email: user.email }))?.failures).toBe(1);
    await lockOut(tt, user.email);
    expectWaiting(await change(PASSWORD));
  });
});
