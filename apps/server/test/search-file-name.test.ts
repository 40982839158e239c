import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../src/modules/search/search.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { addVersion, makeItem } from './support/items.ts';

// Issue 11 §2: the original file name of an item's leading version finds the item, as words and
// through `file:` (both engines: run with DATABASE_URL for PostgreSQL).
let t: TestApp;
let tt: TestTenant;
let user: TestUser;
const original = Buffer.from('not really a picture');

beforeAll(async () => {
  t = await createTestApp();
  tt = await makeTenant(t);
  user = await makeUser(t, tt);
  await makeItem(t, tt, {
    ownerId: user.id,
    title: 'Evening light',
    itemType: 'image',
    original,
    filename: 'harbour.jpg',
  });
  await makeItem(t, tt, { ownerId: user.id, title: 'Harbour at dawn', description: 'The ferry leaves' });
  await makeItem(t, tt, {
    ownerId: user.id,
    title: 'Interview',
    description: 'Recorded at the harbour office',
  });
  await makeItem(t, tt, {
    ownerId: user.id,
    title: 'Press conference',
    itemType: 'video',
    original,
    filename: 'KOMMUNE_møte-2026.MOV',
  });
});
afterAll(async () => t.close());

async function titles(searchString: string): Promise<string[]> {
  const res = await t.call({
    method: 'GET',
    url: `/api/v1/search?searchString=${encodeURIComponent(searchString)}`,
    cookie: user.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchAnswer>().items.map((i) => i.title);
}

describe('GET /api/v1/search: the original file name', () => {
  it.each([
    ['the name as typed', 'harbour.jpg', ['Evening light']],
    ['the name in upper case', 'HARBOUR.JPG', ['Evening light']],
    [
      'a word of the name (title matches first, then the rest, newest first)',
      'harbour',
      ['Harbour at dawn', 'Interview', 'Evening light'],
    ],
    ['the extension', 'jpg', ['Evening light']],
    ['file: a word', 'file:harbour', ['Evening light']],
    ['file: the whole name', 'file:harbour.jpg', ['Evening light']],
    ['file: quoted', 'file:"harbour.jpg"', ['Evening light']],
    ['file: a prefix', 'file:harb*', ['Evening light']],
    ['file: a wildcard', 'file:h?rbour', ['Evening light']],
    ['file: folded and split like any text', 'file:kommune_mote', ['Press conference']],
    ['file: a word of no file name', 'file:dawn', []],
    ['title: leaves the file name out', 'title:jpg', []],
    ['description: leaves the file name out', 'description:jpg', []],
    ['NOT with file:', 'harbour NOT file:jpg', ['Harbour at dawn', 'Interview']],
    ['a phrase never joins the title to the file name', '"light harbour"', []],
  ])('finds by %s: %s', async (_case, searchString, expected) => {
    expect(await titles(searchString)).toEqual(expected);
  });

  it('follows the leading version: a new one’s name finds the item, and a promoted old one’s again', async () => {
    const id = await makeItem(t, tt, {
      ownerId: user.id,
      title: 'Versioned',
      original,
      filename: 'first-cut.mp4',
    });
    const first = (await t.services.itemsRepository.byId(tt.tenant.id, id))?.leading_version_id ?? '';
    await addVersion(t, tt, id, { original, filename: 'second-cut.mp4' });
    expect(await titles('file:second')).toEqual(['Versioned']);
    expect(await titles('file:first')).toEqual([]);
    await t.services.itemsService.promote(tt.root, id, first);
    expect(await titles('file:first')).toEqual(['Versioned']);
    expect(await titles('file:second')).toEqual([]);
  });
});
