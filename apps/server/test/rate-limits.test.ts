import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { errorOf } from './support/responses.ts';
import { makeTenant, makeUser } from './support/factories.ts';

const LIMIT = 3;

// A client network of its own per test (IPv6 is counted per /64), so counters kept in a shared
// Redis start from zero.
const freshAddress = () => {
  const hex = () => randomBytes(2).toString('hex');
  return `2001:db8:${hex()}:${hex()}::1`;
};

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  cookie = (await makeUser(t, await makeTenant(t), { signInFrom: freshAddress() })).cookie;
});
afterAll(async () => t.close());

/** The status codes of `count` identical attempts. */
async function attempts(count: number, options: Parameters<TestApp['call']>[0]): Promise<number[]> {
  const codes = [];
  for (let i = 0; i < count; i++) codes.push((await t.call(options)).statusCode);
  return codes;
}

describe('rate limits on routes that check a secret', () => {
  it.each([
    ['/api/v1/auth/login', { tenant: 'demo', email: 'x@example.test', password: 'nope' }, LIMIT],
    ['/api/v1/auth/forgot-password', { tenant: 'demo', email: 'x@example.test' }, LIMIT],
    [
      '/api/v1/auth/forgot-password/verify',
      { tenant: 'demo', email: 'x@example.test', code: '123456' },
      LIMIT,
    ],
    ['/api/v1/auth/forgot-password/reset', { resetToken: 'nope', password: 'long enough 123' }, LIMIT],
    ['/api/v1/auth/sign-in-code', { code: 'nope' }, LIMIT],
    ['/api/v1/me/mfa/enable', { code: '123456' }, LIMIT],
    ['/api/v1/me/mfa/disable', { code: '123456' }, LIMIT],
  ])('%s answers 429 in the error shape after the limit', async (url, body, limit) => {
    const codes = await attempts(limit + 1, {
      method: 'POST',
      url,
      body,
      cookie,
      remoteAddress: freshAddress(),
    });
    expect(codes.slice(0, limit)).not.toContain(429);
    expect(codes[limit]).toBe(429);
  });

  it('counts company look-ups at three times the sign-in limit', async () => {
    const codes = await attempts(LIMIT * 3 + 1, {
      method: 'GET',
      url: '/api/v1/tenants/lookup?name=demo',
      remoteAddress: freshAddress(),
    });
    expect(codes.slice(0, LIMIT * 3)).toEqual(Array(LIMIT * 3).fill(200));
    const last = await t.call({
      method: 'GET',
      url: '/api/v1/tenants/lookup?name=demo',
      remoteAddress: freshAddress(),
    });
    expect(codes[LIMIT * 3]).toBe(429);
    expect(last.statusCode).toBe(200);
  });

  it('ignores a forged X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const remoteAddress = freshAddress();
    const forged = () => ({ 'x-forwarded-for': freshAddress() });
    const body = { tenant: 'demo', email: 'x@example.test', password: 'nope' };
    const codes = [];
    for (let i = 0; i <= LIMIT; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/api/v1/auth/login',
        body,
        remoteAddress,
        headers: forged(),
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(errorOf(res).code).toBe('rate_limited');
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe('behind a trusted proxy', () => {
  it('counts each forwarded client apart', async () => {
    const proxied = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'true' });
    try {
      const proxy = freshAddress();
      const login = (client: string) =>
        proxied.call({
          method: 'POST',
          url: '/api/v1/auth/login',
          body: { tenant: 'demo', email: 'x@example.test', password: 'nope' },
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': client },
        });
      const first = freshAddress();
      const codes = [];
      for (let i = 0; i <= LIMIT; i++) codes.push((await login(first)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      expect((await login(freshAddress())).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
