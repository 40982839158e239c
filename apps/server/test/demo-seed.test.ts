import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LIBRARY } from '../src/seed/demo-library.ts';
import {
  DEMO_FILTER,
  DEMO_FOLDERS,
  DEMO_PASSWORD,
  seedDemoTenant,
  type DemoSeed,
} from '../src/seed/demo-tenant.ts';
import { seedDemoLibrary } from '../src/seed/seed-demo-library.ts';
import { waitFor } from './durability/support/wait.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, signIn } from './support/factories.ts';

// Seeding looks at the whole database, so this file needs one of its own: SQLite only.
const own = !process.env.DATABASE_URL;
let t: TestApp;
let seed: DemoSeed | undefined;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const demoCookie = (email: string) => signIn(t, 'demo', email, DEMO_PASSWORD);

interface Listed {
  id: string;
  title: string;
  description: string;
  itemType: string;
  folderId: string;
  resolvedThumbnailUrl: string | null;
  transcoding: { state: string };
}

async function searchAs(email: string, searchString: string): Promise<Listed[]> {
  const res = await t.call({
    method: 'GET',
    url: `/api/v1/search?searchString=${encodeURIComponent(searchString)}&itemsPerPage=50`,
    cookie: await demoCookie(email),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Listed[] }>().items;
}

describe.runIf(own)('the demo tenant', () => {
  it('is seeded into an empty database, with three users whose permissions differ', async () => {
    const offer = () => t.call({ method: 'GET', url: '/api/v1/tenants/demo' });
    expect((await offer()).statusCode).toBe(404);
    seed = await seedDemoTenant(t.services);
    expect(seed).toBeDefined();
    // The sign-in page's hint: who is who, and the password.
    expect((await offer()).json()).toEqual({
      slug: 'demo',
      password: DEMO_PASSWORD,
      users: [
        { email: 'admin@demo.test', name: 'Ada Admin', part: 'admin' },
        { email: 'editor@demo.test', name: 'Erik Editor', part: 'editor' },
        { email: 'viewer@demo.test', name: 'Vera Viewer', part: 'viewer' },
      ],
    });
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
    // The roles mean what their names say: only editors and administrators change things.
    for (const permission of ['item.update', 'item.upload', 'folder.create', 'folder.update', 'item.move']) {
      expect(editor?.permissions).toContain(permission);
      expect(admin?.permissions).toContain(permission);
      expect(viewer?.permissions).not.toContain(permission);
    }
    for (const permission of ['item.history', 'item.commentRead', 'ui.metadata']) {
      expect(viewer?.permissions).toContain(permission);
    }
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

  it('makes its library on the machine, through the intake and the media pipeline, for everyone to find', async () => {
    if (!seed) throw new Error('the first test seeded nothing');
    await t.services.processingWorker.start();
    expect(await seedDemoLibrary(t.services, seed)).toBe(DEMO_LIBRARY.length);
    const all = await waitFor(
      async () => {
        const found = await searchAs('viewer@demo.test', '');
        return found.length === DEMO_LIBRARY.length &&
          found.every((item) => item.transcoding.state === 'complete')
          ? found
          : undefined;
      },
      'the demo library to be transcoded',
      120_000,
      500,
    );
    for (const piece of DEMO_LIBRARY) {
      const item = all.find((candidate) => candidate.title === piece.title);
      expect(item, piece.title).toMatchObject({
        description: piece.description,
        folderId: seed.folderIds[piece.folder],
      });
    }
    expect(new Set(all.map((item) => item.itemType))).toEqual(new Set(['video', 'image', 'audio', 'file']));
    // Every type but audio has a thumbnail of its own (the PDF's first page too).
    for (const item of all.filter((candidate) => candidate.itemType !== 'audio')) {
      expect(item.resolvedThumbnailUrl, item.title).toMatch(/\/media\/thumbnail\.webp$/);
    }
    // Norwegian and English words find it, diacritics folded.
    expect((await searchAs('viewer@demo.test', 'budsjettet')).map((item) => item.title)).toEqual([
      'Bystyret vedtar budsjettet',
    ]);
    expect((await searchAs('viewer@demo.test', 'stadium')).map((item) => item.title)).toEqual([
      'Stadion før avspark',
    ]);
    expect((await searchAs('viewer@demo.test', 'for avspark')).map((item) => item.title)).toEqual([
      'Stadion før avspark',
    ]);
  }, 180_000);

  it('lets the viewer view and download, and refuses their edits and new folders (403)', async () => {
    if (!seed) throw new Error('the first test seeded nothing');
    const [item] = await searchAs('viewer@demo.test', 'budsjettet');
    if (!item) throw new Error('the library has no budget clip');
    const viewer = await demoCookie('viewer@demo.test');
    const editor = await demoCookie('editor@demo.test');
    expect(
      (await t.call({ method: 'GET', url: `/api/v1/items/${item.id}`, cookie: viewer })).statusCode,
    ).toBe(200);
    const describe = (cookie: string) =>
      t.call({
        method: 'PATCH',
        url: `/api/v1/items/${item.id}`,
        cookie,
        body: { description: 'Changed by a viewer' },
      });
    const createFolder = (cookie: string, name: string) =>
      t.call({
        method: 'POST',
        url: '/api/v1/folders',
        cookie,
        body: { name, parentId: seed?.folderIds.News },
      });
    expect((await describe(viewer)).statusCode).toBe(403);
    expect((await createFolder(viewer, 'Viewer was here')).statusCode).toBe(403);
    expect((await describe(editor)).statusCode).toBe(200);
    expect((await createFolder(editor, 'Editor was here')).statusCode).toBe(201);
  });

  it('skips the library, saying why, when ffmpeg is missing', async () => {
    if (!seed) throw new Error('the first test seeded nothing');
    const warn = vi.spyOn(t.services.log, 'warn');
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(await seedDemoLibrary(t.services, seed)).toBe(0);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('ffmpeg was not found'));
    } finally {
      process.env.PATH = path;
      warn.mockRestore();
    }
  });

  it('is not offered on the sign-in page by a server that does not seed it', async () => {
    const production = await createTestApp({ SEED_DEMO: 'false' }, { db: t.services.db });
    try {
      const res = await production.call({ method: 'GET', url: '/api/v1/tenants/demo' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    } finally {
      await production.close();
    }
  });

  it('is seeded only once, and never into a database that has tenants', async () => {
    expect(await seedDemoTenant(t.services)).toBeUndefined();
    const other = await createTestApp();
    try {
      await makeTenant(other);
      expect(await seedDemoTenant(other.services)).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
