import { expect, it } from 'vitest';
import type { TestApp } from './app.ts';
import { makeTenant, makeUser } from './factories.ts';
import { routeCases, type RouteCase } from './responses.ts';

/**
 * The 401 (no session) and 404 (a stranger from another tenant) rows for a table of routes on one
 * object: each call is refused and `unchanged` proves nothing was written.
 */
export function itRefusesStrangers(
  app: () => TestApp,
  routes: RouteCase[],
  id: () => string,
  what: string,
  unchanged: () => Promise<void>,
): void {
  it.each(routeCases(routes))('%s answers 401 without a session', async (_name, r) => {
    const res = await app().call({ method: r.method, url: r.url(id()), body: r.body });
    expect(res.statusCode).toBe(401);
    await unchanged();
  });

  it.each(routeCases(routes))(`%s answers 404 for another tenant’s ${what}`, async (_name, r) => {
    const t = app();
    const stranger = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
    const res = await t.call({ method: r.method, url: r.url(id()), body: r.body, cookie: stranger.cookie });
    expect(res.statusCode).toBe(404);
    await unchanged();
  });
}
