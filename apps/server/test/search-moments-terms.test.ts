import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../src/db/engine.ts';
import { AnalysisRepository, type MomentKind } from '../src/modules/analysis/analysis.repository.ts';
import type { SearchAnswer } from '../src/modules/search/search.service.ts';
import { FILTER_WALKED_BELOW, MOMENTS_LISTED_BELOW } from '../src/search/moment-search.ts';
import { PREFIX_ROWS_SORTED_BELOW, PREFIX_TERMS_UP_TO } from '../src/search/moment-terms.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { momentRow } from './support/moments.ts';
import { makeItem, type ItemOptions } from './support/items.ts';

// Kind filters answered from moment_terms (docs/SEARCH.md, "Moments"): a prefix over the words of
// the moments, and a common plain word with a common `said:` word, whose count walks the filter's
// items (both engines: run with DATABASE_URL for PostgreSQL).
let t: TestApp;
let tt: TestTenant;
let owner: TestUser;
let member: TestUser;
let analysis: AnalysisRepository;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestApp();
  tt = await makeTenant(t);
  owner = await makeUser(t, tt, { roles: ['admin'] });
  member = await makeUser(t, tt);
  analysis = new AnalysisRepository(t.services.db);
});
afterAll(async () => t.close());

const moment = (itemId: string, kind: MomentKind, startMs: number, text: string) =>
  momentRow(tt.tenant.id, itemId, kind, startMs, text);

let day = 0;
/** An item created a day after the one before, with moments of one or more kinds. */
async function item(
  title: string,
  moments: Partial<Record<MomentKind, string[]>>,
  options: Partial<ItemOptions> = {},
): Promise<string> {
  day += 1;
  const createdAt = new Date(Date.UTC(2025, 0, day, 12)).toISOString();
  const id = await makeItem(t, tt, { ownerId: owner.id, title, createdAt, ...options });
  for (const [kind, texts] of Object.entries(moments) as [MomentKind, string[]][]) {
    await analysis.replace(
      tt.tenant.id,
      id,
      kind,
      texts.map((text, i) => moment(id, kind, i * 1_000, text)),
    );
  }
  return id;
}

async function page(searchString: string, params = '', caller = member) {
  const res = await t.call({
    method: 'GET',
    url: `/api/v1/search?searchString=${encodeURIComponent(searchString)}${params}`,
    cookie: caller.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<SearchAnswer>();
  return { titles: answer.items.map((i) => i.title), total: answer.total };
}

describe('GET /api/v1/search: a kind filter of a prefix', () => {
  it('finds the items whose moments of that kind hold a word it starts, newest first, paged', async () => {
    const p = `bsj${stamp}`;
    await item('First', { speech: [`${p}ett ble lagt fram`] });
    await item('Second', { speech: [`i dag ${p}ettforslaget`] });
    await item('On screen', { text: [`${p}ett`] });
    await item(`${p}ett in the title`, {});
    await item('Shorter', { speech: [p.slice(0, -1)] });
    await item('Hidden', { speech: [`${p}kutt`] }, { visibleTo: { level: 'owner', groups: [] } });
    const gone = await item('Deleted', { speech: [`${p}møte`] });
    await t.services.itemsService.delete(tt.root, gone);

    expect(await page(`said:${p}*`)).toEqual({ titles: ['Second', 'First'], total: 2 });
    expect(await page(`said:${p}*`, '&sort=created&order=asc')).toEqual({
      titles: ['First', 'Second'],
      total: 2,
    });
    expect(await page(`said:${p}*`, '&from=1&itemsPerPage=1')).toEqual({ titles: ['First'], total: 2 });
    expect((await page(`said:${p}*`, '', owner)).titles).toEqual(['Hidden', 'Second', 'First']);
    expect((await page(`said:${p}*`, '&deleted=true', owner)).titles).toEqual(['Deleted']);
    expect(await page(`text:${p}*`)).toEqual({ titles: ['On screen'], total: 1 });
    expect(await page(`said:${p}* title:first`)).toEqual({ titles: ['First'], total: 1 });
    expect(await page(`said:${p}ettf*`)).toEqual({ titles: ['Second'], total: 1 });
    expect(await page(`said:${p}x*`)).toEqual({ titles: [], total: 0 });

    // More words than are looked up one by one: the full-text index answers, the same way.
    const many = Array.from({ length: PREFIX_TERMS_UP_TO + 1 }, (_, i) => `${p}${String(i)}`);
    await item('Many words', { speech: [many.join(' ')] });
    expect(await page(`said:${p}*`)).toEqual({ titles: ['Many words', 'Second', 'First'], total: 3 });
    // So many moments that each item is looked up: counted from the prefix's rows of moment_terms.
    await item('Chatty', {
      speech: Array.from({ length: MOMENTS_LISTED_BELOW }, (_, i) => `${p}${String(i % 60)} tale`),
    });
    const found = ['Chatty', 'Many words', 'Second', 'First'];
    expect(await page(`said:${p}*`)).toEqual({ titles: found, total: 4 });
    expect(await page(`said:${p}*`, '&from=3&itemsPerPage=2')).toEqual({ titles: ['First'], total: 4 });
    expect(await page(`said:${p}*`, '', owner)).toEqual({
      titles: ['Chatty', 'Many words', 'Hidden', 'Second', 'First'],
      total: 5,
    });
    expect(await page(`said:${p}*`, '&deleted=true', owner)).toEqual({ titles: ['Deleted'], total: 1 });
    expect(await page(`said:${p}* -title:chatty`)).toEqual({ titles: found.slice(1), total: 3 });
    expect(await page(`said:${p}*`, '&itemType=audio')).toEqual({ titles: [], total: 0 });
    expect(await page(`text:${p}*`)).toEqual({ titles: ['On screen'], total: 1 });
    // Sorted otherwise: each walked item's moments' words are read for the prefix.
    expect(await page(`said:${p}*`, '&sort=title&order=asc')).toEqual({
      titles: ['Chatty', 'First', 'Many words', 'Second'],
      total: 4,
    });

    // So many rows that the items are walked newest first, each one's moments' words read.
    const words = (i: number) => Array.from({ length: 10 }, (_, j) => `${p}${String((i + j) % 60)}`);
    await item('Talkative', {
      speech: Array.from({ length: PREFIX_ROWS_SORTED_BELOW / 10 }, (_, i) => words(i).join(' ')),
    });
    expect(await page(`said:${p}*`)).toEqual({ titles: ['Talkative', ...found], total: 5 });
    expect(await page(`said:${p}*`, '&from=4&itemsPerPage=2')).toEqual({ titles: ['First'], total: 5 });
    expect(await page(`said:${p}*`, '&sort=created&order=asc&itemsPerPage=2')).toEqual({
      titles: ['First', 'Second'],
      total: 5,
    });
    expect((await page(`said:${p}*`, '', owner)).titles).toEqual([
      'Talkative',
      ...found.slice(0, 2),
      'Hidden',
      ...found.slice(2),
    ]);
    expect(await page(`said:${p}ettf*`)).toEqual({ titles: ['Second'], total: 1 });
  });
});

describe('GET /api/v1/search: a common word and a common said: word', () => {
  it('lists and counts the items holding both, by their text or a moment, across pages', async () => {
    const w = `valg${stamp}`;
    const s = `skatt${stamp}`;
    // Enough moments of both that each is looked up item by item, and too many of said: for its
    // items to drive the text's tiers (the count walks them, each checked by ids before it is read).
    await item('Debate', {
      speech: Array.from({ length: FILTER_WALKED_BELOW }, (_, i) =>
        i < MOMENTS_LISTED_BELOW ? `${w} ${s} ${String(i)}` : `${s} ${String(i)}`,
      ),
    });
    for (const n of [1, 2, 3]) await item(`${w} title ${String(n)}`, { speech: [`om ${s}`] });
    await item('Description 1', { speech: [s] }, { description: `Om ${w}`, itemType: 'audio' });
    await item('Description 2', { speech: [s] }, { description: `Om ${w}` });
    await item('Spoken 1', { speech: [`${s} og ${w}`] });
    await item('Spoken 2', { speech: [w, s] });
    await item('Read on screen', { speech: [s], text: [w] });
    await item(`${w} without speech`, {});
    await item('Said only', { speech: [s] });
    await item(`${w} shown only`, { text: [s] });
    await item('Owner only', { speech: [`${w} ${s}`] }, { visibleTo: { level: 'owner', groups: [] } });
    const gone = await item('Deleted', { speech: [`${w} ${s}`] });
    await t.services.itemsService.delete(tt.root, gone);

    const relevance = [
      ...[`${w} title 3`, `${w} title 2`, `${w} title 1`],
      ...['Description 2', 'Description 1'],
      ...['Read on screen', 'Spoken 2', 'Spoken 1', 'Debate'],
    ];
    const q = `${w} said:${s}`;
    expect(await page(q)).toEqual({ titles: relevance, total: 9 });
    for (const from of [0, 4, 8]) {
      expect(await page(q, `&from=${String(from)}&itemsPerPage=4`)).toEqual({
        titles: relevance.slice(from, from + 4),
        total: 9,
      });
    }
    expect(await page(q, '&sort=created')).toEqual({
      titles: [
        ...['Read on screen', 'Spoken 2', 'Spoken 1', 'Description 2', 'Description 1'],
        ...[`${w} title 3`, `${w} title 2`, `${w} title 1`, 'Debate'],
      ],
      total: 9,
    });
    expect(await page(q, '&itemType=video')).toEqual({
      titles: relevance.filter((x) => x !== 'Description 1'),
      total: 8,
    });
    expect((await page(q, '', owner)).total).toBe(10);
    // A prefix and a phrase, on the items' own words and in one moment.
    expect(await page(`${w.slice(0, -2)}* said:${s}`)).toEqual({ titles: relevance, total: 9 });
    expect(await page(`"${w} title" said:${s}`)).toEqual({ titles: relevance.slice(0, 3), total: 3 });
    // A word left out: by the item's text, and by the moment that holds the word.
    expect(await page(`${w} said:${s} -om`, '&from=3&itemsPerPage=3')).toEqual({
      titles: ['Read on screen', 'Spoken 2', 'Spoken 1'],
      total: 7,
    });
  });
});

describe('GET /api/v1/search: a common word and a rare said: word', () => {
  it("finds the same items by walking the said: word's items, in the same tiers and order", async () => {
    const w = `hamn${stamp}`;
    const s = `kajakk${stamp}`;
    // Far more items hold the word than said the other (its items then drive the tiers and the
    // count, each checked for the word on its own row).
    for (let n = 0; n < 90; n++) await item(`${w} filler ${String(n)}`, {});
    await item(`${w} A`, { speech: [`vi padlet ${s}`] });
    await item('Description B', { speech: [s] }, { description: `Om ${w}`, itemType: 'audio' });
    await item(`${w} C`, { speech: [`${s} igjen`] });
    const saidOnly = await item('Said only', { speech: [s] });
    await item('Spoken both', { speech: [`${s} ved ${w}`] });
    await item('Read on screen', { speech: [s], text: [w] });
    await item(`${w} shown only`, { text: [s] });
    await item(`${w} owner only`, { speech: [s] }, { visibleTo: { level: 'owner', groups: [] } });
    const gone = await item(`${w} deleted`, { speech: [s] });
    await t.services.itemsService.delete(tt.root, gone);
    await item(`${w} nei`, { speech: [s] });
    const other = await makeTenant(t);
    const stranger = await makeUser(t, other);
    const elsewhere = await makeItem(t, other, { ownerId: stranger.id, title: `${w} elsewhere` });
    await analysis.replace(other.tenant.id, elsewhere, 'speech', [
      momentRow(other.tenant.id, elsewhere, 'speech', 0, s),
    ]);
    // PostgreSQL decides by the planner's estimate of the word's matches: statistics make it one.
    const db = t.services.db;
    if (engineOf(db as unknown as Kysely<unknown>) === 'postgres') await sql`analyze items`.execute(db);

    // Both sides in one item's title and moment: found once, in the title tier.
    await item(`${w} D`, { speech: [`${s} og ${w}`] });

    const relevance = [
      ...[`${w} D`, `${w} nei`, `${w} C`, `${w} A`],
      ...['Description B'],
      ...['Read on screen', 'Spoken both'],
    ];
    const q = `${w} said:${s}`;
    expect(await page(q)).toEqual({ titles: relevance, total: 7 });
    for (const from of [0, 2, 4, 6]) {
      expect(await page(q, `&from=${String(from)}&itemsPerPage=2`)).toEqual({
        titles: relevance.slice(from, from + 2),
        total: 7,
      });
    }
    // Pages that start inside a tier and end in the next.
    for (const from of [3, 5]) {
      expect(await page(q, `&from=${String(from)}&itemsPerPage=3`)).toEqual({
        titles: relevance.slice(from, from + 3),
        total: 7,
      });
    }
    expect(await page(q, '&sort=created')).toEqual({
      titles: [`${w} D`, `${w} nei`, 'Read on screen', 'Spoken both', `${w} C`, 'Description B', `${w} A`],
      total: 7,
    });
    expect(await page(`${w} said:${s.slice(0, -2)}*`)).toEqual({ titles: relevance, total: 7 });
    expect(await page(`${w.slice(0, -2)}* said:${s}`)).toEqual({ titles: relevance, total: 7 });
    expect(await page(q, '&itemType=video')).toEqual({
      titles: relevance.filter((x) => x !== 'Description B'),
      total: 6,
    });
    expect(await page(`${q} -nei`)).toEqual({ titles: relevance.filter((x) => x !== `${w} nei`), total: 6 });
    // A NOT of a kind filter, and a second kind filter (the word on screen).
    expect(await page(`${q} -said:padlet`)).toEqual({
      titles: relevance.filter((x) => x !== `${w} A`),
      total: 6,
    });
    expect(await page(`${q} text:${w}`)).toEqual({ titles: ['Read on screen'], total: 1 });
    expect(await page(`title:${w} said:${s}`)).toEqual({ titles: relevance.slice(0, 4), total: 4 });
    expect(await page(`description:${w} said:${s}`)).toEqual({ titles: ['Description B'], total: 1 });
    expect(await page(q, '', owner)).toEqual({
      titles: [`${w} D`, `${w} nei`, `${w} owner only`, ...relevance.slice(2)],
      total: 8,
    });
    expect(await page(q, '&deleted=true', owner)).toEqual({ titles: [`${w} deleted`], total: 1 });
    // The other tenant's item holding both is its own.
    expect(await page(q, '', stranger)).toEqual({ titles: [`${w} elsewhere`], total: 1 });

    // Renamed after its moments were indexed, an item keeps its doc id (its walked rows hold it).
    const rename = async (title: string) => {
      const res = await t.call({
        method: 'PATCH',
        url: `/api/v1/items/${saidOnly}`,
        body: { title },
        cookie: owner.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await rename(`${w} renamed`);
    expect(await page(q)).toEqual({
      titles: [...relevance.slice(0, 2), `${w} renamed`, ...relevance.slice(2)],
      total: 8,
    });
    await rename('Said only');

    // Above, the word's matches were few enough for the said: word's rows to be checked against
    // their ids (SQLite); with more than 16 times its rows, each of its items is read and checked
    // on its row instead: the same answers.
    for (let n = 90; n < 180; n++) await item(`${w} filler ${String(n)}`, {});
    expect(await page(q)).toEqual({ titles: relevance, total: 7 });
    for (const from of [3, 5]) {
      expect(await page(q, `&from=${String(from)}&itemsPerPage=3`)).toEqual({
        titles: relevance.slice(from, from + 3),
        total: 7,
      });
    }
    expect(await page(`${q} -nei`, '&itemType=video')).toEqual({
      titles: relevance.filter((x) => x !== `${w} nei` && x !== 'Description B'),
      total: 5,
    });
    expect((await page(q, '', owner)).total).toBe(8);
  });
});

describe('GET /api/v1/search: an item whose moments hold a word too long to index on the item', () => {
  it('is found by its moments all the same: a word, a prefix, a phrase, and beside words', async () => {
    const w = `orkan${stamp}`;
    // PostgreSQL holds no word over 1,000 bytes on an item: such an item is searched by its moments.
    await item(`Storm${stamp} warning`, { speech: [`et ${w} kommer ${'x'.repeat(1_200)}`] });
    await item('Calm', { speech: [`ingen ${w}`] });
    const both = { titles: ['Calm', `Storm${stamp} warning`], total: 2 };
    expect(await page(`said:${w}`)).toEqual(both);
    expect(await page(`said:${w.slice(0, -2)}*`)).toEqual(both);
    expect(await page(`said:"et ${w} kommer"`)).toEqual({ titles: [`Storm${stamp} warning`], total: 1 });
    expect(await page(`said:"${w} kommer"`)).toEqual({ titles: [`Storm${stamp} warning`], total: 1 });
    expect(await page(`storm${stamp} said:${w}`)).toEqual({ titles: [`Storm${stamp} warning`], total: 1 });
    expect(await page(`kommer said:${w}`)).toEqual({ titles: [`Storm${stamp} warning`], total: 1 });
    expect(await page(w)).toEqual(both);
    expect(await page(`-said:${w} storm${stamp}`)).toEqual({ titles: [], total: 0 });
  });
});

describe('GET /api/v1/search: a kind filter of a phrase', () => {
  it('finds the items whose moments hold its words in order, newest first, paged either way', async () => {
    const w = `legger${stamp}`;
    const said = (title: string, text: string, options: Partial<ItemOptions> = {}) =>
      item(title, { speech: ['god morgen', text] }, options);
    await said('Phrase 1', `${w} fram budsjettet`);
    await said('Reversed', `fram ${w}`);
    await said('Phrase 2', `i dag ${w} fram`);
    await said('Hidden phrase', `${w} fram`, { visibleTo: { level: 'owner', groups: [] } });
    await said('Phrase 3', `${w} fram ${w} fram`);
    const gone = await said('Deleted phrase', `${w} fram`);
    await t.services.itemsService.delete(tt.root, gone);
    await item('On screen', { text: [`${w} fram`] });

    const q = `said:"${w} fram"`;
    const newest = ['Phrase 3', 'Phrase 2', 'Phrase 1'];
    expect(await page(q)).toEqual({ titles: newest, total: 3 });
    expect(await page(q, '&from=1&itemsPerPage=1')).toEqual({ titles: ['Phrase 2'], total: 3 });
    expect(await page(q, '&sort=created&order=asc&itemsPerPage=2')).toEqual({
      titles: ['Phrase 1', 'Phrase 2'],
      total: 3,
    });
    expect(await page(q, '&sort=title&order=desc')).toEqual({ titles: newest, total: 3 });
    expect(await page(q, '', owner)).toEqual({
      titles: ['Phrase 3', 'Hidden phrase', 'Phrase 2', 'Phrase 1'],
      total: 4,
    });
    expect(await page(q, '&deleted=true', owner)).toEqual({ titles: ['Deleted phrase'], total: 1 });
    expect(await page(`${q} -title:"phrase 2"`)).toEqual({ titles: ['Phrase 3', 'Phrase 1'], total: 2 });
    expect(await page(`text:"${w} fram"`)).toEqual({ titles: ['On screen'], total: 1 });

    // So many moments hold it that a page walks the rows of one of its words, each one's moment
    // checked for the phrase; the count is the full-text index's.
    await item('Chatty phrase', {
      speech: Array.from({ length: MOMENTS_LISTED_BELOW }, (_, i) => `${w} fram ${String(i)}`),
    });
    await said('Apart', `${w} og fram, fram ${w}`);
    const all = ['Chatty phrase', ...newest];
    expect(await page(q)).toEqual({ titles: all, total: 4 });
    expect(await page(q, '&from=2&itemsPerPage=2')).toEqual({ titles: all.slice(2), total: 4 });
    expect(await page(q, '&sort=created&order=asc')).toEqual({ titles: [...all].reverse(), total: 4 });
    expect(await page(q, '', owner)).toEqual({
      titles: ['Chatty phrase', 'Phrase 3', 'Hidden phrase', 'Phrase 2', 'Phrase 1'],
      total: 5,
    });
    expect(await page(`${q} -title:chatty`)).toEqual({ titles: newest, total: 3 });
  });
});
