import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FILTER, DEMO_FOLDERS, DEMO_PASSWORD, seedDemoTenant } from '../src/seed/demo-tenant.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, signIn } from './support/factories.ts';

// Seeding looks at the whole database, so this file needs one of its own: SQLite only.
const own = !process.env.DATABASE_URL;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe.runIf(own)('the demo tenant', () => {
  it('is seeded into an empty database, with three users whose permissions differ', async () => {
    expect(await seedDemoTenant(t.services)).toBe(true);
    const me = async (email: string) =>
      (
        await t.call({
          method: 'GET',
          url: '/api/v1/me',
          cookie: await signIn(t, 'demo', email, DEMO_PASSWORD),
        })
      ).json<{
        permissions: string[];
        roles: { admin: boolean };
      }>();
    const [admin, editor, viewer] = await Promise.all(
      ['admin@demo.test', 'editor@demo.test', 'viewer@demo.test'].map(me),
    );
    expect(admin?.roles.admin).toBe(true);
    expect(editor?.permissions).toContain('item.create');
    expect(viewer?.permissions).not.toContain('item.create');
    expect(viewer?.permissions).not.toContain('general.apiKeys');
    expect(viewer?.permissions).toContain('item.downloadMedia');
    expect(admin?.permissions).toContain('item.upload');
    // Spec §6 item.version (default false): the demo's editor and administrator add new versions.
    for (const user of [admin, editor]) expect(user?.permissions).toContain('item.version');
    expect(viewer?.permissions).not.toContain('item.version');
  });

  it('starts with the demo folders under the root', async () => {
    const cookie = await signIn(t, 'demo', 'viewer@demo.test', DEMO_PASSWORD);
    const root = (await t.call({ method: 'GET', url: '/api/v1/folders/root', cookie })).json<{
      id: string;
    }>();
    const children = await t.call({ method: 'GET', url: `/api/v1/folders/${root.id}/children`, cookie });
    expect(children.json<{ items: { name: string }[] }>().items.map((f) => f.name)).toEqual(
      [...DEMO_FOLDERS].sort(),
    );
  });

  it('shows its filter to editors and administrators, lets administrators manage it, and keeps viewers out', async () => {
    const bookmarks = async (email: string, view = 'navigation') =>
      t.call({
        method: 'GET',
        url: `/api/v1/bookmarks?view=${view}`,
        cookie: await signIn(t, 'demo', email, DEMO_PASSWORD),
      });
    for (const email of ['editor@demo.test', 'admin@demo.test']) {
      const res = await bookmarks(email);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ items: unknown[] }>().items).toEqual([
        expect.objectContaining({ ...DEMO_FILTER, scope: 'system', filterType: 'search' }),
      ]);
    }
    expect((await bookmarks('admin@demo.test', 'manage')).statusCode).toBe(200);
    expect((await bookmarks('editor@demo.test', 'manage')).statusCode).toBe(403);
    expect((await bookmarks('viewer@demo.test')).statusCode).toBe(403);
  });

  it('is seeded only once, and never into a database that has tenants', async () => {
    expect(await seedDemoTenant(t.services)).toBe(false);
    const other = await createTestApp();
    try {
      await makeTenant(other);
      expect(await seedDemoTenant(other.services)).toBe(false);
    } finally {
      await other.close();
    }
  });
});
