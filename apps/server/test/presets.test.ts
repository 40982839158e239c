import { MESSAGES, type Preset } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.ts';
import { nowIso } from '../src/lib/time.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { errorOf, fieldsOf, routeCases, type RouteCase } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Choice {
  items: Preset[];
  message: string | null;
}

const call = (user: TestUser, method: RouteCase['method'], url: string, body?: object) =>
  t.call({ method, url, cookie: user.cookie, ...(body ? { body } : {}) });

const draft = {
  presetId: 'news-web',
  name: 'News web',
  recipe: 'h264Mp4',
  profileMode: 'generic',
  capabilities: ['video', 'audio', 'subclip'],
};

async function create(admin: TestUser, body: object = {}): Promise<Preset> {
  const res = await call(admin, 'POST', '/api/v1/presets', { ...draft, ...body });
  if (res.statusCode !== 201) throw new Error(`create preset: ${res.statusCode} ${res.body}`);
  return res.json<Preset>();
}

const listOf = async (user: TestUser, query = '') => {
  const res = await call(user, 'GET', `/api/v1/presets${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<Choice>();
};

describe('built-in presets', () => {
  it('gives every tenant the newsroom’s formats, the web one as the default', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const { items } = await listOf(admin);
    expect(items.map((p) => [p.presetId, p.recipe, p.builtIn])).toEqual([
      ['audio-wav', 'wav', true],
      ['broadcast-xdcam-hd422', 'xdcamHd422Mxf', true],
      ['edit-prores-422', 'prores422Mov', true],
      ['rewrap-mov', 'rewrapMov', true],
      ['rewrap-mxf', 'rewrapMxf', true],
      ['web-h264', 'h264Mp4', true],
    ]);
    expect(items.filter((p) => p.isDefault).map((p) => p.presetId)).toEqual(['web-h264']);
    // Asking again makes no more.
    expect((await listOf(admin)).items).toHaveLength(6);
  });

  it('keeps a built-in: not deleted, its ID and format fixed, but it can be hidden', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const wav = (await listOf(admin)).items.find((p) => p.recipe === 'wav');
    if (!wav) throw new Error('no WAV preset');
    const del = await call(admin, 'DELETE', `/api/v1/presets/${wav.id}`);
    expect(del.statusCode).toBe(409);
    expect(errorOf(del).message).toBe(MESSAGES.builtInPresetKept);
    const recast = await call(admin, 'PATCH', `/api/v1/presets/${wav.id}`, { recipe: 'h264Mp4' });
    expect(recast.statusCode).toBe(400);
    expect(fieldsOf(recast)).toEqual(['recipe']);
    const hidden = await call(admin, 'PATCH', `/api/v1/presets/${wav.id}`, { hidden: true });
    expect(hidden.json<Preset>().hidden).toBe(true);
  });
});

describe('preset management', () => {
  let tt: TestTenant;
  let admin: TestUser;
  let editor: TestUser;
  beforeAll(async () => {
    tt = await makeTenant(t);
    admin = await makeUser(t, tt, { roles: ['admin'] });
    editor = await makeUser(t, tt, { permissions: ['general.mimirCutter'] });
  });

  it('creates, changes and deletes a preset with every field of spec §3', async () => {
    const fallback = await create(admin, { presetId: 'fallback-1', name: 'Fallback' });
    const preset = await create(admin, {
      presetId: 'evening-news',
      name: '  Evening news  ',
      overrideStartTimecode: true,
      startTimecode: '10:00:00:00',
      fallbackPresetId: fallback.id,
    });
    expect(preset).toMatchObject({
      presetId: 'evening-news',
      name: 'Evening news',
      hidden: false,
      recipe: 'h264Mp4',
      profileMode: 'generic',
      capabilities: ['video', 'audio', 'subclip'],
      overrideStartTimecode: true,
      startTimecode: '10:00:00:00',
      fallbackPresetId: fallback.id,
      isDefault: false,
      builtIn: false,
    });
    const changed = await call(admin, 'PATCH', `/api/v1/presets/${preset.id}`, {
      name: 'Late news',
      overrideStartTimecode: false,
      fallbackPresetId: null,
    });
    expect(changed.json<Preset>()).toMatchObject({
      name: 'Late news',
      startTimecode: null,
      fallbackPresetId: null,
    });
    expect((await call(admin, 'DELETE', `/api/v1/presets/${preset.id}`)).statusCode).toBe(204);
    expect((await listOf(admin)).items.map((p) => p.id)).not.toContain(preset.id);
  });

  it('sets and unsets the default for all users, one at a time', async () => {
    const a = await create(admin, { presetId: 'default-a', isDefault: true });
    const b = await create(admin, { presetId: 'default-b' });
    await call(admin, 'PATCH', `/api/v1/presets/${b.id}`, { isDefault: true });
    const defaults = () => listOf(admin).then((c) => c.items.filter((p) => p.isDefault).map((p) => p.id));
    expect(await defaults()).toEqual([b.id]);
    await call(admin, 'PATCH', `/api/v1/presets/${b.id}`, { isDefault: false });
    expect(await defaults()).toEqual([]);
    expect(a.isDefault).toBe(true);
  });

  it('refuses a preset ID the tenant has already', async () => {
    await create(admin, { presetId: 'twice' });
    const res = await call(admin, 'POST', '/api/v1/presets', { ...draft, presetId: 'twice' });
    expect(res.statusCode).toBe(409);
    expect(fieldsOf(res)).toEqual(['presetId']);
    // Another tenant may use it.
    const other = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
    expect((await call(other, 'POST', '/api/v1/presets', { ...draft, presetId: 'twice' })).statusCode).toBe(
      201,
    );
  });

  it('refuses deleting a preset another falls back to (spec §5)', async () => {
    const target = await create(admin, { presetId: 'target-1' });
    const referrer = await create(admin, { presetId: 'referrer-1', fallbackPresetId: target.id });
    const res = await call(admin, 'DELETE', `/api/v1/presets/${target.id}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(MESSAGES.presetReferencedByPreset);
    await call(admin, 'DELETE', `/api/v1/presets/${referrer.id}`);
    expect((await call(admin, 'DELETE', `/api/v1/presets/${target.id}`)).statusCode).toBe(204);
  });

  it('refuses deleting a preset a subclip was rendered with (spec §5)', async () => {
    const used = await create(admin, { presetId: 'used-1' });
    await t.services.db
      .insertInto('renders')
      .values({
        id: newId(),
        tenant_id: tt.tenant.id,
        kind: 'subclip',
        source_item_id: newId(),
        preset_id: used.id,
        target_item_id: newId(),
        target_version_id: newId(),
        recipe: 'h264Mp4',
        start_timecode: null,
        in_frame: 0,
        out_frame: 25,
        created_by: tt.root.user.id,
        created_at: nowIso(),
      })
      .execute();
    const res = await call(admin, 'DELETE', `/api/v1/presets/${used.id}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(MESSAGES.presetUsedForSubclipping);
  });

  it('offers the others the visible presets able to do what they need, or says why none are', async () => {
    const hidden = await create(admin, { presetId: 'hidden-1', hidden: true });
    expect((await listOf(editor)).items.map((p) => p.id)).not.toContain(hidden.id);
    expect((await listOf(admin)).items.map((p) => p.id)).toContain(hidden.id);
    const forAudio = await listOf(editor, '?need=audio&need=subclip');
    expect(forAudio.message).toBeNull();
    expect(
      forAudio.items.every((p) => p.capabilities.includes('audio') && p.capabilities.includes('subclip')),
    ).toBe(true);
    expect(forAudio.items.map((p) => p.presetId)).toContain('audio-wav');

    // A tenant whose administrator hid every preset, and one with no sequence-capable preset visible.
    const bare = await makeTenant(t);
    const bareAdmin = await makeUser(t, bare, { roles: ['admin'] });
    const bareEditor = await makeUser(t, bare, { permissions: ['general.mimirCutter'] });
    const all = (await listOf(bareAdmin)).items;
    for (const p of all.filter((p) => p.capabilities.includes('sequence')))
      await call(bareAdmin, 'PATCH', `/api/v1/presets/${p.id}`, { hidden: true });
    expect(await listOf(bareEditor, '?need=sequence')).toEqual({
      items: [],
      message: MESSAGES.noPresetsWithCapabilities,
    });
    for (const p of all) await call(bareAdmin, 'PATCH', `/api/v1/presets/${p.id}`, { hidden: true });
    expect((await listOf(bareEditor, '?need=video')).message).toBe(
      `${MESSAGES.noRenderPresets}. ${MESSAGES.informTenantAdministrator}`,
    );
  });
});

describe('preset routes', () => {
  const ROUTES: RouteCase[] = [
    { route: 'GET /api/v1/presets', method: 'GET', url: () => '/api/v1/presets' },
    { route: 'POST /api/v1/presets', method: 'POST', url: () => '/api/v1/presets', body: draft },
    {
      route: 'PATCH /api/v1/presets/{id}',
      method: 'PATCH',
      url: (id) => `/api/v1/presets/${id}`,
      body: { name: 'Renamed' },
    },
    { route: 'DELETE /api/v1/presets/{id}', method: 'DELETE', url: (id) => `/api/v1/presets/${id}` },
  ];
  let tt: TestTenant;
  let admin: TestUser;
  let preset: Preset;
  beforeAll(async () => {
    tt = await makeTenant(t);
    admin = await makeUser(t, tt, { roles: ['admin'] });
    preset = await create(admin, { presetId: 'route-target' });
  });
  const unchanged = async () => {
    const row = (await listOf(admin)).items.find((p) => p.id === preset.id);
    expect(row).toEqual(preset);
  };

  it.each(routeCases(ROUTES))('%s answers 401 without a session', async (_name, r) => {
    const res = await t.call({ method: r.method, url: r.url(preset.id), body: r.body });
    expect(res.statusCode).toBe(401);
    await unchanged();
  });

  const NAMING = ROUTES.filter((r) => r.route.includes('{id}'));
  it.each(routeCases(NAMING))(
    '%s answers 404 for another tenant’s preset, which stays as it was',
    async (_n, r) => {
      const stranger = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
      const res = await call(stranger, r.method, r.url(preset.id), r.body);
      expect(res.statusCode).toBe(404);
      await unchanged();
    },
  );

  it('GET /api/v1/presets never lists another tenant’s presets', async () => {
    const stranger = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
    expect((await listOf(stranger)).items.map((p) => p.id)).not.toContain(preset.id);
  });

  const MANAGING = ROUTES.filter((r) => r.method !== 'GET');
  it.each(routeCases(MANAGING))('%s answers 403 to whoever is not a tenant administrator', async (_n, r) => {
    const user = await makeUser(t, tt, { permissions: ['general.mimirCutter', 'item.create'] });
    const res = await call(user, r.method, r.url(preset.id), r.body);
    expect(res.statusCode).toBe(403);
    await unchanged();
  });

  it.each([
    ['GET /api/v1/presets', 'GET' as const, '/api/v1/presets?need=teleport', undefined, ['need']],
    ['POST /api/v1/presets', 'POST' as const, '/api/v1/presets', { ...draft, presetId: 'a b' }, ['presetId']],
    ['POST /api/v1/presets', 'POST' as const, '/api/v1/presets', { ...draft, recipe: 'dnxhd' }, ['recipe']],
    ['POST /api/v1/presets', 'POST' as const, '/api/v1/presets', { ...draft, name: '' }, ['name']],
    [
      'POST /api/v1/presets',
      'POST' as const,
      '/api/v1/presets',
      { ...draft, presetId: 'x-1', recipe: 'wav', capabilities: ['video'] },
      ['capabilities'],
    ],
    [
      'POST /api/v1/presets',
      'POST' as const,
      '/api/v1/presets',
      { ...draft, presetId: 'x-2', overrideStartTimecode: true, startTimecode: '25:00' },
      ['startTimecode'],
    ],
    [
      'POST /api/v1/presets',
      'POST' as const,
      '/api/v1/presets',
      { ...draft, presetId: 'x-3', fallbackPresetId: newId() },
      ['fallbackPresetId'],
    ],
    ['PATCH /api/v1/presets/{id}', 'PATCH' as const, '/api/v1/presets/not-a-uuid', { name: 'X' }, ['id']],
    ['PATCH /api/v1/presets/{id}', 'PATCH' as const, 'PRESET', { profileMode: 'rewrap' }, ['profileMode']],
    [
      'PATCH /api/v1/presets/{id}',
      'PATCH' as const,
      'PRESET',
      { fallbackPresetId: 'SELF' },
      ['fallbackPresetId'],
    ],
    ['DELETE /api/v1/presets/{id}', 'DELETE' as const, '/api/v1/presets/not-a-uuid', undefined, ['id']],
  ])('%s answers 400 naming the bad field (%#)', async (_name, method, url, body, fields) => {
    const own =
      body && 'fallbackPresetId' in body && body.fallbackPresetId === 'SELF'
        ? { fallbackPresetId: preset.id }
        : body;
    const res = await call(admin, method, url === 'PRESET' ? `/api/v1/presets/${preset.id}` : url, own);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(fields);
    await unchanged();
  });
});
