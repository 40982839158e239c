import { MARKER_CSV_COLUMNS, MESSAGES, type Permission } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { addVersion, makeItem, revokeFromEveryone } from './support/items.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

// Spec §6 item.downloadMarkers: log events and timed comments as an EDL and a CSV, read back here
// as an editing tool would parse them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MARKERS: Permission[] = ['item.downloadMarkers', 'ui.logging', 'item.commentRead'];

interface Scene {
  tt: TestTenant;
  editor: TestUser;
  clip: string;
}

/** A clip at `rate` with a log event (12 s–17 s) and two comments, one timed (5 s–7.5 s, with a comma and a quote) and one not. */
async function scene(rate: { numerator: number; denominator: number }): Promise<Scene> {
  const tt = await makeTenant(t);
  const admin = await makeUser(t, tt, { roles: ['admin'] });
  const editor = await makeUser(t, tt, {
    permissions: [...MARKERS, 'item.commentWrite', 'item.updateMetadata'],
  });
  const form = await t.call({
    method: 'POST',
    url: '/api/v1/forms',
    cookie: admin.cookie,
    body: { id: 'goal', label: 'Goal', active: true, fields: [] },
  });
  expect(form.statusCode).toBe(201);
  const clip = await makeItem(t, tt, { ownerId: editor.id, title: 'Cup final', itemType: 'video' });
  await addVersion(t, tt, clip, {
    original: Buffer.from('not read'),
    filename: 'cup-final.mxf',
    processed: {
      itemType: 'video',
      technical: { frameRate: rate, durationSeconds: 60 },
      renditions: { files: [] },
    },
  });
  const post = async (url: string, body: object) => {
    const res = await t.call({ method: 'POST', url, cookie: editor.cookie, body });
    expect(res.statusCode).toBe(201);
  };
  await post(`/api/v1/items/${clip}/log-events`, {
    formId: 'goal',
    startMs: 12_000,
    endMs: 17_000,
    text: 'Header',
  });
  await post(`/api/v1/items/${clip}/comments`, { text: 'Cut "here", please', startMs: 5000, endMs: 7500 });
  await post(`/api/v1/items/${clip}/comments`, { text: 'Nice picture overall' });
  return { tt, editor, clip };
}

const download = (user: TestUser | undefined, clip: string, format: string) =>
  t.call({ method: 'GET', url: `/api/v1/items/${clip}/markers?format=${format}`, cookie: user?.cookie });

/** RFC 4180, as a spreadsheet or an editing tool reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    const next = text.charAt(i + 1);
    if (quoted && ch === '"' && next === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && next === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  return rows;
}

const EVENT_LINE = /^(\d{3}) {2}(\S+)\s+V\s+C\s+(\S+) (\S+) (\S+) (\S+)$/;

describe('marker downloads (item.downloadMarkers)', () => {
  it('writes a CMX3600 EDL: one event per timed marker, in time order, with its locator', async () => {
    const { editor, clip } = await scene({ numerator: 25, denominator: 1 });
    const res = await download(editor, clip, 'edl');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Cup final markers.edl');
    const lines = res.body.split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['TITLE: Cup final', 'FCM: NON-DROP FRAME']);
    const events = lines.map((l) => EVENT_LINE.exec(l)).filter((m) => m !== null);
    expect(events.map((m) => [m[1], m[3], m[4], m[5], m[6]])).toEqual([
      ['001', '00:00:05:00', '00:00:07:12', '00:00:05:00', '00:00:07:12'],
      ['002', '00:00:12:00', '00:00:17:00', '00:00:12:00', '00:00:17:00'],
    ]);
    expect(lines).toContain('* FROM CLIP NAME: cup-final.mxf');
    expect(lines).toContain('* LOC: 00:00:05:00 YELLOW  Cut "here", please');
    expect(lines).toContain('* LOC: 00:00:12:00 BLUE    Header');
    // The untimed comment is no marker.
    expect(res.body).not.toContain('Nice picture');
  });

  it('counts drop-frame at 29.97 and says so', async () => {
    const { editor, clip } = await scene({ numerator: 30000, denominator: 1001 });
    const res = await download(editor, clip, 'edl');
    expect(res.body).toContain('FCM: DROP FRAME');
    // 12 s at 29.97 is frame 359: 00:00:11;29 (no label is dropped in the first minute).
    expect(res.body).toContain('* LOC: 00:00:11;29 BLUE    Header');
  });

  it('writes a CSV with Premiere’s marker columns that parses back to the markers', async () => {
    const { editor, clip } = await scene({ numerator: 25, denominator: 1 });
    const res = await download(editor, clip, 'csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(parseCsv(res.body)).toEqual([
      MARKER_CSV_COLUMNS,
      ['Comment', 'Cut "here", please', '00:00:05:00', '00:00:07:12', '00:00:02:12', 'Comment'],
      ['Log event', 'Header', '00:00:12:00', '00:00:17:00', '00:00:05:00', 'Comment'],
    ]);
  });

  it('leaves out what the caller may not read: log events without ui.logging', async () => {
    const { tt, clip } = await scene({ numerator: 25, denominator: 1 });
    await revokeFromEveryone(t, tt, ['ui.logging']);
    const reader = await makeUser(t, tt, { permissions: ['item.downloadMarkers'] });
    const rows = parseCsv((await download(reader, clip, 'csv')).body);
    expect(rows.map((r) => r[0])).toEqual(['Marker Name', 'Comment']);
  });

  it('answers 401 without a session, 404 for another tenant’s item, 403 without the permission and 400 naming the field', async () => {
    const { tt, editor, clip } = await scene({ numerator: 25, denominator: 1 });
    expect((await download(undefined, clip, 'edl')).statusCode).toBe(401);
    const stranger = await makeUser(t, await makeTenant(t), { permissions: MARKERS, roles: ['admin'] });
    expect((await download(stranger, clip, 'edl')).statusCode).toBe(404);
    const viewer = await makeUser(t, tt, { permissions: ['ui.logging'] });
    expect((await download(viewer, clip, 'edl')).statusCode).toBe(403);
    const bad = await download(editor, clip, 'xml');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['format']);
    const picture = await makeItem(t, tt, { ownerId: editor.id, itemType: 'image' });
    const still = await download(editor, picture, 'csv');
    expect(still.statusCode).toBe(400);
    expect(errorOf(still).message).toBe(MESSAGES.markersNeedTime);
  });
});
