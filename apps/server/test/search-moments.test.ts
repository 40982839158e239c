import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisRepository, type MomentKind } from '../src/modules/analysis/analysis.repository.ts';
import type { SearchAnswer } from '../src/modules/search/search.service.ts';
import { MOMENTS_LISTED_BELOW } from '../src/search/moment-search.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { momentRow } from './support/moments.ts';
import { makeItem } from './support/items.ts';
import { fieldsOf } from './support/responses.ts';

// Moment search (issue 12 §5, issue 14 §4, docs/SEARCH.md): transcripts, frame text, faces and log
// events find their item, and a hit carries the moments it matched (both engines: run with
// DATABASE_URL for PostgreSQL).
let t: TestApp;
let tt: TestTenant;
let user: TestUser;
let analysis: AnalysisRepository;
let clip: string;
let other: string;
let faceId: string;

const moment = (itemId: string, kind: MomentKind, startMs: number, text: string) =>
  momentRow(tt.tenant.id, itemId, kind, startMs, text);

beforeAll(async () => {
  t = await createTestApp();
  tt = await makeTenant(t);
  user = await makeUser(t, tt, { roles: ['admin'] });
  analysis = new AnalysisRepository(t.services.db);
  clip = await makeItem(t, tt, { ownerId: user.id, title: 'Press conference', itemType: 'video' });
  other = await makeItem(t, tt, { ownerId: user.id, title: 'Budsjett 2027', itemType: 'video' });
  await analysis.replace(tt.tenant.id, clip, 'speech', [
    moment(clip, 'speech', 1_000, 'Good morning and welcome'),
    moment(clip, 'speech', 42_500, 'Statsministeren legger fram budsjettet for neste år'),
  ]);
  await analysis.replace(tt.tenant.id, clip, 'text', [moment(clip, 'text', 5_000, 'STORTINGET')]);
  const face = moment(clip, 'face', 9_000, 'Unknown person 1');
  faceId = face.id;
  await analysis.replace(tt.tenant.id, clip, 'face', [face]);
  await analysis.replace(tt.tenant.id, clip, 'shot', [{ ...moment(clip, 'shot', 0, ''), text: null }]);
});
afterAll(async () => t.close());

async function search(searchString: string, caller = user): Promise<SearchAnswer> {
  const res = await t.call({
    method: 'GET',
    url: `/api/v1/search?searchString=${encodeURIComponent(searchString)}`,
    cookie: caller.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchAnswer>();
}

const titles = async (q: string) => (await search(q)).items.map((i) => i.title);

describe('GET /api/v1/search: moments', () => {
  it('a spoken word finds the item with its moment, where it was said', async () => {
    const answer = await search('budsjettet');
    expect(answer.items.map((i) => i.title)).toEqual(['Press conference']);
    expect(answer.total).toBe(1);
    expect(answer.items[0]?.moments).toEqual([
      {
        kind: 'speech',
        startMs: 42_500,
        endMs: 44_500,
        snippet: 'Statsministeren legger fram budsjettet for neste år',
        highlights: [[28, 38]],
      },
    ]);
  });

  it('items matching by their own text come first, those found by moments alone after', async () => {
    await analysis.replace(tt.tenant.id, other, 'speech', [moment(other, 'speech', 0, 'Ingen tall i dag')]);
    expect(await titles('budsjett*')).toEqual(['Budsjett 2027', 'Press conference']);
    expect((await search('budsjett*')).total).toBe(2);
    expect(await titles('"neste år"')).toEqual(['Press conference']);
    // Every word in one moment: these two are in different ones.
    expect(await titles('morning budsjettet')).toEqual([]);
    expect(await titles('budsjett* -neste')).toEqual(['Budsjett 2027']);
    expect(await titles('b?dsjettet')).toEqual(['Press conference']);
  });

  it('kind filters narrow to one kind of moment', async () => {
    expect(await titles('said:budsjettet')).toEqual(['Press conference']);
    expect(await titles('text:budsjettet')).toEqual([]);
    expect(await titles('text:stortinget')).toEqual(['Press conference']);
    expect(await titles('said:stortinget')).toEqual([]);
    expect(await titles('said:"legger fram"')).toEqual(['Press conference']);
    expect(await titles('title:press said:welcome')).toEqual(['Press conference']);
    expect(await titles('title:budsjett OR said:welcome')).toEqual(['Budsjett 2027', 'Press conference']);
    expect(await titles('said:budsj* -title:press')).toEqual([]);
    const hit = (await search('text:stortinget')).items[0];
    expect(hit?.moments.map((m) => [m.kind, m.startMs])).toEqual([['text', 5_000]]);
  });

  it('naming a person renames their face moments in the index at once', async () => {
    expect(await titles('person:"Ada Lovelace"')).toEqual([]);
    await analysis.updateMomentText(tt.tenant.id, [faceId], 'Ada Lovelace');
    expect(await titles('person:"Ada Lovelace"')).toEqual(['Press conference']);
    expect(await titles('person:unknown')).toEqual([]);
    expect((await search('lovelace')).items[0]?.moments).toMatchObject([
      { kind: 'face', startMs: 9_000, snippet: 'Ada Lovelace' },
    ]);
  });

  it('a rerun of an analysis replaces its moments in the index', async () => {
    await analysis.replace(tt.tenant.id, other, 'speech', [moment(other, 'speech', 0, 'Nye tall')]);
    expect(await titles('said:ingen')).toEqual([]);
    expect(await titles('said:nye')).toEqual(['Budsjett 2027']);
  });

  it('a common spoken word (looked up item by item) finds the same as a rare one (listed)', async () => {
    const chatty = await makeItem(t, tt, { ownerId: user.id, title: 'Long debate', itemType: 'video' });
    const word = `hmm${Date.now().toString(36)}`;
    await analysis.replace(
      tt.tenant.id,
      chatty,
      'speech',
      Array.from({ length: MOMENTS_LISTED_BELOW }, (_, i) =>
        moment(chatty, 'speech', i * 1_000, `${word} ${String(i)}`),
      ),
    );
    expect(await titles(`said:${word}`)).toEqual(['Long debate']);
    expect(await titles(`said:${word} title:long`)).toEqual(['Long debate']);
    expect(await titles(`said:${word} -title:long`)).toEqual([]);
    // Counted from the index (its moments' items, each once) with the other conditions checked.
    expect((await search(`said:${word}`)).total).toBe(1);
    expect((await search(`said:${word} -title:long`)).total).toBe(0);
    const plain = await search(word);
    expect(plain.items.map((i) => i.title)).toEqual(['Long debate']);
    expect(plain.total).toBe(1);
    expect(plain.items[0]?.moments.map((m) => m.startMs)).toEqual([0, 1_000, 2_000]);
    // Found by its moments alone with a kind filter of one word: that word's items make the tier.
    const both = await search(`${word} said:${word}`);
    expect(both.items.map((i) => i.title)).toEqual(['Long debate']);
    expect(both.total).toBe(1);
    expect((await search(`${word} said:budsjettet`)).total).toBe(0);
  });

  it('a spoken word lists its items in creation order, each once, paged and counted', async () => {
    const word = `kvorum${Date.now().toString(36)}`;
    const made: { id: string; title: string; at: string }[] = [];
    for (const [day, title] of [
      [3, 'Third'],
      [1, 'First'],
      [2, 'Second'],
      [2, 'Second again'],
      [4, 'Fourth'],
    ] as const) {
      const at = `2026-03-0${String(day)}T12:00:00.000Z`;
      const id = await makeItem(t, tt, { ownerId: user.id, title, createdAt: at });
      // The word twice in one moment and once in another: the item is one hit.
      await analysis.replace(tt.tenant.id, id, 'speech', [
        moment(id, 'speech', 0, `${word} og ${word}`),
        moment(id, 'speech', 4_000, `så ${word}`),
      ]);
      made.push({ id, title, at });
    }
    // Newest first, then the higher id (as for every search without text).
    const newest = [...made]
      .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
      .map((m) => m.title);
    expect(newest.slice(0, 2)).toEqual(['Fourth', 'Third']);
    const page = async (params: string) => {
      const res = await t.call({
        method: 'GET',
        url: `/api/v1/search?searchString=said%3A${word}${params}`,
        cookie: user.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<SearchAnswer>();
      return { titles: answer.items.map((i) => i.title), total: answer.total };
    };
    expect(await page('')).toEqual({ titles: newest, total: 5 });
    expect(await page('&sort=created&order=asc')).toEqual({ titles: [...newest].reverse(), total: 5 });
    expect(await page('&from=1&itemsPerPage=2')).toEqual({ titles: newest.slice(1, 3), total: 5 });
    expect((await page('&sort=title')).titles).toEqual([...newest].sort());
    expect((await page('&itemType=audio')).total).toBe(0);
    expect(await titles(`said:${word} title:second`)).toEqual(newest.filter((n) => n.startsWith('Second')));

    // In the recycle bin it is found there only; deleted for good, its rows go with it.
    const fourth = made.find((m) => m.title === 'Fourth')?.id ?? '';
    await t.services.itemsService.delete(tt.root, fourth);
    expect(await page('')).toEqual({ titles: newest.slice(1), total: 4 });
    expect((await page('&deleted=true')).titles).toEqual(['Fourth']);
    const rowsOf = (id: string) =>
      t.services.db.selectFrom('moment_terms').select('term').where('item_id', '=', id).execute();
    expect((await rowsOf(fourth)).length).toBeGreaterThan(0);
    await t.services.itemsService.deletePermanently(tt.root, fourth);
    expect(await rowsOf(fourth)).toEqual([]);
    // A rerun's moments replace the item's rows.
    const third = made.find((m) => m.title === 'Third')?.id ?? '';
    await analysis.replace(tt.tenant.id, third, 'speech', [moment(third, 'speech', 0, 'Ingenting')]);
    expect((await rowsOf(third)).map((r) => r.term)).toEqual(['ingenting']);
    expect(await page('')).toEqual({ titles: newest.slice(2), total: 3 });
  });

  it('another tenant never finds them', async () => {
    const stranger = await makeUser(t, await makeTenant(t));
    expect((await search('budsjettet', stranger)).items).toEqual([]);
    expect((await search('said:budsjettet', stranger)).items).toEqual([]);
  });

  it('a kind filter without a value is a 400 naming searchString', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/v1/search?searchString=said%3A',
      cookie: user.cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['searchString']);
  });
});

describe('GET /api/v1/search: log events', () => {
  it('an event’s text and form values find the item at the event’s time; edits and deletes follow', async () => {
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const form = await t.call({
      method: 'POST',
      url: '/api/v1/forms',
      cookie: admin.cookie,
      body: {
        id: 'goal',
        label: 'Goal',
        active: true,
        fields: [{ fieldId: 'scorer', label: 'Scorer', type: 'Text' }],
      },
    });
    expect(form.statusCode, form.body).toBe(201);
    const match = await makeItem(t, tt, { ownerId: user.id, title: 'Cup final', itemType: 'video' });
    const made = await t.call({
      method: 'POST',
      url: `/api/v1/items/${match}/log-events`,
      cookie: user.cookie,
      body: {
        formId: 'goal',
        startMs: 754_000,
        endMs: 760_000,
        text: 'Header off the crossbar',
        values: { scorer: 'Ødegaard' },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const byText = await search('crossbar');
    expect(byText.items.map((i) => i.title)).toEqual(['Cup final']);
    expect(byText.items[0]?.moments).toMatchObject([{ kind: 'log', startMs: 754_000, endMs: 760_000 }]);
    expect(await titles('logged:odegaard')).toEqual(['Cup final']);
    expect(await titles('said:odegaard')).toEqual([]);

    const id = made.json<{ id: string }>().id;
    const edited = await t.call({
      method: 'PATCH',
      url: `/api/v1/log-events/${id}`,
      cookie: user.cookie,
      body: { text: 'Penalty saved' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await titles('crossbar')).toEqual([]);
    expect(await titles('logged:penalty')).toEqual(['Cup final']);
    const gone = await t.call({ method: 'DELETE', url: `/api/v1/log-events/${id}`, cookie: user.cookie });
    expect(gone.statusCode).toBe(204);
    expect(await titles('logged:penalty')).toEqual([]);
  });
});
