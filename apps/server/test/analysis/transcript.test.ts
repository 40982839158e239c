import { MESSAGES, type AnalysisJobKind, type TranscriptSegment } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptDto } from '../../src/modules/analysis/analysis.service.ts';
import type { ItemDto } from '../../src/modules/items/items.presenter.ts';
import { waitFor } from '../durability/support/wait.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from '../support/factories.ts';
import { makeItem, revokeFromEveryone } from '../support/items.ts';
import { errorOf, fieldsOf } from '../support/responses.ts';

// Transcript editing (item.updateTranscript, kept as revisions), captions, and translation with
// Debian's real Apertium (apertium-nno-nob). A user-entered transcript stands in for speech
// recognition: no Norwegian speech model can be installed here.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
});
afterAll(async () => {
  await t.close();
});

interface Revision {
  revision: number;
  source: string;
  language: string;
  createdBy: string | null;
  segments: TranscriptSegment[];
}

const call = (user: TestUser, method: 'GET' | 'PUT' | 'POST', url: string, body?: object) =>
  t.call({ method, url, cookie: user.cookie, ...(body ? { body } : {}) });
const edit = (user: TestUser, id: string, language: string, segments: object[]) =>
  call(user, 'PUT', `/api/v1/items/${id}/transcript`, { language, segments });

async function settled(tt: TestTenant, id: string, kind: AnalysisJobKind): Promise<ItemDto> {
  return waitFor(
    async () => {
      const item = await t.services.itemsService.get(tt.root, id);
      const state = item[kind].state;
      return state === 'complete' || state === 'error' ? item : undefined;
    },
    `${kind} to settle`,
    60_000,
  );
}

/** An item with a leading version: translation reads only its transcript. */
const admin = (tt: TestTenant) => makeUser(t, tt, { roles: ['admin'] });
const video = (tt: TestTenant, user: TestUser, title = 'Nyheter') =>
  makeItem(t, tt, { ownerId: user.id, itemType: 'video', original: Buffer.from('clip'), title });

const NB = [
  { startMs: 0, endMs: 2_000, text: 'Jeg heter Ola og jeg bor i Bergen.' },
  { startMs: 2_500, endMs: 4_000, text: 'Hun kommer hjem i morgen.' },
];

describe('editing the transcript', () => {
  it('keeps every edit as a revision, the earlier ones readable, kept words keeping their times', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { name: 'Kari Redaktør' });
    const id = await video(tt, user);
    const first = await edit(user, id, 'nb', [{ startMs: 1_000, endMs: 3_000, text: 'budsjettet er stort' }]);
    expect(first.statusCode).toBe(200);
    expect(first.json<Revision>()).toMatchObject({ revision: 1, source: 'edit', createdBy: 'Kari Redaktør' });
    // Spread by length over the utterance: 'budsjettet ' is 11 of 20 characters.
    expect(first.json<Revision>().segments[0]?.words.map((w) => [w.text, w.startMs, w.endMs])).toEqual([
      ['budsjettet', 1_000, 2_100],
      ['er', 2_100, 2_400],
      ['stort', 2_400, 3_000],
    ]);
    const second = await edit(user, id, 'nb', [
      { startMs: 1_000, endMs: 3_000, text: 'budsjettet er veldig stort' },
    ]);
    expect(second.json<Revision>().revision).toBe(2);
    // 'er' and 'stort' keep their times; 'veldig' takes the time between them.
    expect(second.json<Revision>().segments[0]?.words.map((w) => [w.text, w.startMs, w.endMs])).toEqual([
      ['budsjettet', 1_000, 2_100],
      ['er', 2_100, 2_400],
      ['veldig', 2_400, 2_400],
      ['stort', 2_400, 3_000],
    ]);
    const current = (await call(user, 'GET', `/api/v1/items/${id}/transcript`)).json<TranscriptDto>();
    expect(current.segments.map((s) => s.text)).toEqual(['budsjettet er veldig stort']);
    const list = (await call(user, 'GET', `/api/v1/items/${id}/transcript/revisions`)).json<{
      items: Revision[];
    }>();
    expect(list.items.map((r) => [r.revision, r.source, r.language])).toEqual([
      [2, 'edit', 'nb'],
      [1, 'edit', 'nb'],
    ]);
    const old = (await call(user, 'GET', `/api/v1/items/${id}/transcript/revisions/1`)).json<Revision>();
    expect(old.segments.map((s) => s.text)).toEqual(['budsjettet er stort']);
    // The edit is what moment search finds.
    const said = await call(user, 'GET', '/api/v1/search?searchString=said:veldig');
    expect(said.json()).toMatchObject({
      total: 1,
      items: [{ id, moments: [{ kind: 'speech', startMs: 1_000 }] }],
    });
  });

  it('exports WebVTT and SubRip captions in time order', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await video(tt, user, 'Kveld');
    expect((await edit(user, id, 'nb', [...NB].reverse())).statusCode).toBe(200);
    const vtt = await call(user, 'GET', `/api/v1/items/${id}/captions/vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toBe(
      'WEBVTT\n\n' +
        '00:00:00.000 --> 00:00:02.000\nJeg heter Ola og jeg bor i Bergen.\n\n' +
        '00:00:02.500 --> 00:00:04.000\nHun kommer hjem i morgen.\n\n',
    );
    const srt = await call(user, 'GET', `/api/v1/items/${id}/captions/srt?download=true`);
    expect(srt.headers['content-disposition']).toBe('attachment; filename=Kveld.nb.srt');
    expect(srt.body).toBe(
      '1\n00:00:00,000 --> 00:00:02,000\nJeg heter Ola og jeg bor i Bergen.\n\n' +
        '2\n00:00:02,500 --> 00:00:04,000\nHun kommer hjem i morgen.\n\n',
    );
  });

  it('escapes markup in WebVTT and answers 404 with spec §8’s message when there is no transcript', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await video(tt, user);
    const none = await call(user, 'GET', `/api/v1/items/${id}/captions/vtt`);
    expect(none.statusCode).toBe(404);
    expect(errorOf(none).message).toBe(MESSAGES.noTimedTranscript);
    await edit(user, id, 'en', [{ startMs: 0, endMs: 1_000, text: 'a <b> & c --> d' }]);
    expect((await call(user, 'GET', `/api/v1/items/${id}/captions/vtt`)).body).toContain(
      'a &lt;b&gt; &amp; c --&gt; d',
    );
  });
});

describe('translation with Apertium', { timeout: 90_000 }, () => {
  it('translates an nb transcript to nn, time-coded, and gives its captions', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await video(tt, user);
    await edit(user, id, 'nb', NB);
    expect((await call(user, 'POST', `/api/v1/items/${id}/analysis/translation`)).statusCode).toBe(202);
    expect((await settled(tt, id, 'translation')).translation).toMatchObject({
      state: 'complete',
      errorMessage: null,
    });
    const { items } = (await call(user, 'GET', `/api/v1/items/${id}/translation`)).json<{
      items: { language: string; provider: string; segments: TranscriptSegment[] }[];
    }>();
    // The tenant's default languages are nb and nn: an nb transcript goes to nn only.
    expect(items.map((i) => [i.language, i.provider])).toEqual([['nn', 'apertium']]);
    expect(items[0]?.segments.map((s) => [s.startMs, s.endMs, s.text])).toEqual([
      [0, 2_000, 'Eg heiter Ola og eg bur i Bergen.'],
      [2_500, 4_000, 'Ho kjem heim i morgon.'],
    ]);
    expect(items[0]?.segments[1]?.words.map((w) => w.text)).toEqual(['Ho', 'kjem', 'heim', 'i', 'morgon.']);
    const vtt = await call(user, 'GET', `/api/v1/items/${id}/captions/vtt?language=nn`);
    expect(vtt.body).toContain('00:00:02.500 --> 00:00:04.000\nHo kjem heim i morgon.');
    // The translation's moments are in the moment index: `translated:` finds them, `said:` the transcript's.
    const found = async (q: string) =>
      (await call(user, 'GET', `/api/v1/search?searchString=${encodeURIComponent(q)}`))
        .json<{ items: { id: string }[] }>()
        .items.map((i) => i.id);
    expect(await found('translated:morgon')).toEqual([id]);
    expect(await found('said:morgon')).toEqual([]);
    expect(await found('said:morgen')).toEqual([id]);
    expect(await found('translated:morgen')).toEqual([]);
  });

  it('translates nn to nb the other way', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await video(tt, user);
    await edit(user, id, 'nn', [{ startMs: 0, endMs: 1_500, text: 'Ho kjem heim i morgon.' }]);
    await call(user, 'POST', `/api/v1/items/${id}/analysis/translation`);
    await settled(tt, id, 'translation');
    const { items } = (await call(user, 'GET', `/api/v1/items/${id}/translation`)).json<{
      items: { language: string; segments: TranscriptSegment[] }[];
    }>();
    expect(items.map((i) => [i.language, i.segments.map((s) => s.text)])).toEqual([
      ['nb', ['Hun kommer hjem i morgen.']],
    ]);
  });

  it('ends in a clear error for a pair without an engine or provider, translating nothing', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const settings = await call(await admin(tt), 'PUT', '/api/v1/tenant/translation', {
      primaryLanguage: 'en',
      secondaryLanguage: 'nn',
      provider: null,
    });
    expect(settings.json()).toEqual({ primaryLanguage: 'en', secondaryLanguage: 'nn', provider: null });
    const id = await video(tt, user);
    await edit(user, id, 'nb', NB);
    await call(user, 'POST', `/api/v1/items/${id}/analysis/translation`);
    expect((await settled(tt, id, 'translation')).translation).toMatchObject({
      state: 'error',
      errorMessage: MESSAGES.translationPairMissing,
    });
    expect((await call(user, 'GET', `/api/v1/items/${id}/translation`)).json()).toEqual({ items: [] });
  });

  it('ends in spec §8’s error without a transcript', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await video(tt, user);
    await call(user, 'POST', `/api/v1/items/${id}/analysis/translation`);
    expect((await settled(tt, id, 'translation')).translation.errorMessage).toBe(MESSAGES.noTimedTranscript);
  });
});

describe('the translation settings', () => {
  it('keep the provider’s key sealed, never answered', async () => {
    const tt = await makeTenant(t);
    const put = await call(await admin(tt), 'PUT', '/api/v1/tenant/translation', {
      primaryLanguage: 'nb',
      secondaryLanguage: 'en',
      provider: { kind: 'libretranslate', baseUrl: 'http://127.0.0.1:9/', apiKey: 'secret-key' },
    });
    expect(put.json()).toEqual({
      primaryLanguage: 'nb',
      secondaryLanguage: 'en',
      provider: { kind: 'libretranslate', baseUrl: 'http://127.0.0.1:9/', hasKey: true },
    });
    expect(put.body).not.toContain('secret-key');
    const stored = await t.services.db
      .selectFrom('tenant_translation_providers')
      .select('sealed_key')
      .where('tenant_id', '=', tt.tenant.id)
      .executeTakeFirstOrThrow();
    expect(stored.sealed_key).not.toContain('secret-key');
  });

  it('send nb→en to the tenant’s provider; an unreachable one is the item’s error', async () => {
    const tt = await makeTenant(t);
    await call(await admin(tt), 'PUT', '/api/v1/tenant/translation', {
      primaryLanguage: 'nb',
      secondaryLanguage: 'en',
      // Port 9 (discard) refuses connections here.
      provider: { kind: 'libretranslate', baseUrl: 'http://127.0.0.1:9/' },
    });
    const user = await makeUser(t, tt);
    const id = await video(tt, user);
    await edit(user, id, 'nb', NB);
    await call(user, 'POST', `/api/v1/items/${id}/analysis/translation`);
    expect((await settled(tt, id, 'translation')).translation.errorMessage).toBe(
      MESSAGES.translationProviderUnreachable,
    );
  });
});

describe('the transcript routes', () => {
  const routes = (id: string) =>
    [
      ['PUT', `/api/v1/items/${id}/transcript`],
      ['GET', `/api/v1/items/${id}/transcript/revisions`],
      ['GET', `/api/v1/items/${id}/transcript/revisions/1`],
      ['GET', `/api/v1/items/${id}/captions/vtt`],
      ['GET', `/api/v1/items/${id}/translation`],
    ] as const;

  it('answer 401 without a session', async () => {
    const tt = await makeTenant(t);
    const id = await video(tt, await makeUser(t, tt));
    for (const [method, url] of [...routes(id), ['GET', '/api/v1/tenant/translation'] as const])
      expect((await t.call({ method, url, body: { language: 'nb', segments: [] } })).statusCode).toBe(401);
  });

  it('answer 404 for another tenant’s item', async () => {
    const theirs = await makeTenant(t);
    const owner = await makeUser(t, theirs);
    const id = await video(theirs, owner);
    await edit(owner, id, 'nb', NB);
    const stranger = await admin(await makeTenant(t));
    for (const [method, url] of routes(id))
      expect((await call(stranger, method, url, { language: 'nb', segments: [] })).statusCode).toBe(404);
  });

  it('answer 403 without item.updateTranscript (or item.update, which implies it) or the tabs’ permissions', async () => {
    const tt = await makeTenant(t);
    const id = await video(tt, await makeUser(t, tt));
    await revokeFromEveryone(t, tt, [
      'item.update',
      'item.updateTranscript',
      'ui.transcript',
      'ui.translation',
    ]);
    const plain = await makeUser(t, tt);
    for (const [method, url] of routes(id))
      expect((await call(plain, method, url, { language: 'nb', segments: [] })).statusCode).toBe(403);
    const notAdmin = await call(plain, 'PUT', '/api/v1/tenant/translation', {
      primaryLanguage: 'nb',
      secondaryLanguage: null,
      provider: null,
    });
    expect(notAdmin.statusCode).toBe(403);
  });

  it('answer 400 naming the field', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await video(tt, user);
    expect(fieldsOf(await edit(user, id, 'xx', []))).toEqual(['language']);
    expect(fieldsOf(await edit(user, id, 'nb', [{ startMs: -1, endMs: 10, text: 'a' }]))).toEqual([
      'segments.0.startMs',
    ]);
    expect(fieldsOf(await edit(user, id, 'nb', [{ startMs: 20, endMs: 10, text: 'a' }]))).toEqual([
      'segments.0.endMs',
    ]);
    expect(fieldsOf(await call(user, 'GET', `/api/v1/items/${id}/captions/vtt?language=xx`))).toEqual([
      'language',
    ]);
    const settings = await call(await admin(tt), 'PUT', '/api/v1/tenant/translation', {
      primaryLanguage: 'nb',
      secondaryLanguage: null,
      provider: { kind: 'libretranslate', baseUrl: 'ftp://x' },
    });
    expect(fieldsOf(settings)).toEqual(['provider.baseUrl']);
  });
});
