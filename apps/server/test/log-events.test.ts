import { MESSAGES, type HistoryEntry, type Permission } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import type { LogEventDto, LogEventHitDto } from '../src/modules/logging/log-events.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { itRefusesStrangers } from './support/guard-cases.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeItem, revokeFromEveryone } from './support/items.ts';
import { errorOf, fieldsOf, type RouteCase } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const call = (user: TestUser, method: RouteCase['method'], url: string, body?: object) =>
  t.call({ method, url, cookie: user.cookie, ...(body ? { body } : {}) });

interface Scene {
  tt: TestTenant;
  admin: TestUser;
  editor: TestUser;
  clip: string;
}

/** A tenant with a Goal form (a choice and a 5 s duration) and a clip the editor owns. */
async function scene(): Promise<Scene> {
  const tt = await makeTenant(t);
  const admin = await makeUser(t, tt, { roles: ['admin'] });
  const editor = await makeUser(t, tt, { name: 'Edna Editor' });
  const res = await call(admin, 'POST', '/api/v1/forms', {
    id: 'goal',
    label: 'Goal',
    active: true,
    keyboardShortcut: 'alt+g',
    duration: 5,
    fields: [
      {
        fieldId: 'team',
        label: 'Team',
        type: 'Choice',
        required: true,
        alternatives: [
          { value: 'home', label: 'Home' },
          { value: 'away', label: 'Away' },
        ],
      },
    ],
  });
  expect(res.statusCode).toBe(201);
  const clip = await makeItem(t, tt, { ownerId: editor.id, title: 'Cup final', itemType: 'video' });
  return { tt, admin, editor, clip };
}

async function logEvent(user: TestUser, itemId: string, body: object): Promise<LogEventDto> {
  const res = await call(user, 'POST', `/api/v1/items/${itemId}/log-events`, body);
  if (res.statusCode !== 201) throw new Error(`log event: ${res.statusCode} ${res.body}`);
  return res.json<LogEventDto>();
}

const eventsOf = async (user: TestUser, itemId: string) => {
  const res = await call(user, 'GET', `/api/v1/items/${itemId}/log-events`);
  expect(res.statusCode).toBe(200);
  return res.json<{ items: LogEventDto[] }>().items;
};

const goal = { formId: 'goal', startMs: 12_000, endMs: 17_000, text: 'Header', values: { team: 'home' } };

describe('log events', () => {
  it('logs, lists in time order, edits and deletes, each change in the item’s history', async () => {
    const { editor, clip } = await scene();
    const late = await logEvent(editor, clip, { ...goal, startMs: 60_000, endMs: null });
    const early = await logEvent(editor, clip, goal);
    expect(early).toMatchObject({
      itemId: clip,
      formId: 'goal',
      startMs: 12_000,
      endMs: 17_000,
      text: 'Header',
    });
    expect(early.values).toEqual({ team: 'home' });
    expect((await eventsOf(editor, clip)).map((e) => e.id)).toEqual([early.id, late.id]);

    const changed = await call(editor, 'PATCH', `/api/v1/log-events/${early.id}`, {
      text: 'Penalty',
      values: { team: 'away' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<LogEventDto>()).toMatchObject({
      text: 'Penalty',
      values: { team: 'away' },
      startMs: 12_000,
    });

    expect((await call(editor, 'DELETE', `/api/v1/log-events/${late.id}`)).statusCode).toBe(204);
    expect((await eventsOf(editor, clip)).map((e) => e.text)).toEqual(['Penalty']);

    const history = await call(editor, 'GET', `/api/v1/items/${clip}/history`);
    const actions = history.json<Page<HistoryEntry>>().items.map((h) => h.action);
    expect(actions.filter((a) => a.startsWith('logEvent')).sort()).toEqual([
      'logEventAdded',
      'logEventAdded',
      'logEventChanged',
      'logEventDeleted',
    ]);
  });

  it('checks the values against the form (spec §5 messages) and the end against the start', async () => {
    const { editor, clip } = await scene();
    const missing = await call(editor, 'POST', `/api/v1/items/${clip}/log-events`, { ...goal, values: {} });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).details).toEqual([
      expect.objectContaining({ field: 'values.team', message: MESSAGES.valueRequired }),
    ]);
    const wrong = await call(editor, 'POST', `/api/v1/items/${clip}/log-events`, {
      ...goal,
      values: { team: 'referee' },
    });
    expect(errorOf(wrong).details?.[0]).toMatchObject({
      field: 'values.team',
      message: 'Invalid value found - please select a new one.',
    });
    const backwards = await call(editor, 'POST', `/api/v1/items/${clip}/log-events`, {
      ...goal,
      endMs: 1000,
    });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).details?.[0]).toMatchObject({
      field: 'endMs',
      message: MESSAGES.logEventEndBeforeStart,
    });
    const unknown = await call(editor, 'POST', `/api/v1/items/${clip}/log-events`, {
      ...goal,
      formId: 'nope',
    });
    expect(fieldsOf(unknown)).toEqual(['formId']);
    expect(await eventsOf(editor, clip)).toEqual([]);
  });

  it('finds events by their text on items the caller sees; a hit names its item and time', async () => {
    const { tt, editor, clip } = await scene();
    await logEvent(editor, clip, { ...goal, text: 'Bicycle kick by Ødegaard' });
    const viewer = await makeUser(t, tt);
    const res = await call(viewer, 'GET', '/api/v1/log-events/search?q=odegaard');
    expect(res.statusCode).toBe(200);
    expect(res.json<Page<LogEventHitDto>>().items).toEqual([
      {
        id: expect.any(String) as string,
        formId: 'goal',
        text: 'Bicycle kick by Ødegaard',
        startMs: 12_000,
        item: { id: clip, title: 'Cup final', itemType: 'video' },
      },
    ]);
    const stranger = await makeUser(t, await makeTenant(t), { roles: ['admin'] });
    const none = await call(stranger, 'GET', '/api/v1/log-events/search?q=odegaard');
    expect(none.json<Page<LogEventHitDto>>().total).toBe(0);
  });

  it('refuses a viewer who may not update the item (403) and leaves the events as they were', async () => {
    const { tt, editor, clip } = await scene();
    const made = await logEvent(editor, clip, goal);
    await revokeFromEveryone(t, tt, ['item.update', 'item.updateMetadata']);
    const res = await call(editor, 'PATCH', `/api/v1/log-events/${made.id}`, { text: 'x' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(MESSAGES.noUpdateThisItemPermission);
    expect((await eventsOf(editor, clip))[0]?.text).toBe('Header');
  });
});

describe('log event routes', () => {
  let s: Scene;
  let made: LogEventDto;
  beforeAll(async () => {
    s = await scene();
    made = await logEvent(s.editor, s.clip, goal);
  });

  const ROUTES: (RouteCase & { permission: Permission[] })[] = [
    {
      route: 'GET log-events',
      method: 'GET',
      url: () => `/api/v1/items/${s.clip}/log-events`,
      permission: ['ui.logging'],
    },
    {
      route: 'POST log-events',
      method: 'POST',
      url: () => `/api/v1/items/${s.clip}/log-events`,
      body: goal,
      permission: ['item.update', 'item.updateMetadata'],
    },
    {
      route: 'PATCH log-event',
      method: 'PATCH',
      url: (id) => `/api/v1/log-events/${id}`,
      body: { text: 'changed' },
      permission: ['item.update', 'item.updateMetadata'],
    },
    {
      route: 'DELETE log-event',
      method: 'DELETE',
      url: (id) => `/api/v1/log-events/${id}`,
      permission: ['ui.logging'],
    },
  ];
  const unchanged = async () => {
    expect((await eventsOf(s.editor, s.clip)).map((e) => [e.id, e.text])).toEqual([[made.id, 'Header']]);
  };

  itRefusesStrangers(
    () => t,
    ROUTES,
    () => made.id,
    'event or item',
    unchanged,
  );

  it.each(ROUTES.map((r) => [r.route, r] as const))(
    '%s answers 403 without its permission',
    async (_n, r) => {
      const o = await scene();
      const own = await logEvent(o.editor, o.clip, goal);
      await revokeFromEveryone(t, o.tt, r.permission);
      const url = r.url(own.id).replace(s.clip, o.clip);
      const res = await t.call({ method: r.method, url, body: r.body, cookie: o.editor.cookie });
      expect(res.statusCode).toBe(403);
      expect(await t.services.logEventsService.list(o.tt.root, o.clip)).toHaveLength(1);
    },
  );

  it.each<[string, RouteCase['method'], () => string, object, string]>([
    [
      'POST log-events',
      'POST',
      () => `/api/v1/items/${s.clip}/log-events`,
      { ...goal, startMs: -1 },
      'startMs',
    ],
    ['POST log-events', 'POST', () => `/api/v1/items/${s.clip}/log-events`, { startMs: 0 }, 'formId'],
    ['PATCH log-event', 'PATCH', () => `/api/v1/log-events/${made.id}`, { endMs: 'late' }, 'endMs'],
    [
      'PATCH log-event',
      'PATCH',
      () => `/api/v1/log-events/${made.id}`,
      { values: { nope: 'x' } },
      'values.nope',
    ],
    ['search', 'GET', () => '/api/v1/log-events/search?q=a', {}, 'q'],
  ])('%s answers 400 naming %#', async (_n, method, url, body, field) => {
    const res = await call(s.editor, method, url(), method === 'GET' ? undefined : body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
    await unchanged();
  });
});
