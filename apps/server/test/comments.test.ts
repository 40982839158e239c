import { MESSAGES, type Permission, type TaskStatus } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import type { CommentDto, TaskDto } from '../src/modules/comments/comments.service.ts';
import type { NotificationDto } from '../src/modules/notifications/notifications.service.ts';
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

type Method = RouteCase['method'] | 'PUT';
const call = (user: TestUser, method: Method, url: string, body?: object) =>
  t.call({ method, url, cookie: user.cookie, ...(body ? { body } : {}) });

async function comment(user: TestUser, itemId: string, body: object): Promise<CommentDto> {
  const res = await call(user, 'POST', `/api/v1/items/${itemId}/comments`, body);
  if (res.statusCode !== 201) throw new Error(`comment: ${res.statusCode} ${res.body}`);
  return res.json<CommentDto>();
}

const commentsOf = async (user: TestUser, itemId: string, query = '') => {
  const res = await call(user, 'GET', `/api/v1/items/${itemId}/comments${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<Page<CommentDto>>().items;
};

const notificationsOf = async (user: TestUser) => {
  const res = await call(user, 'GET', '/api/v1/notifications');
  expect(res.statusCode).toBe(200);
  return res.json<Page<NotificationDto> & { unreadCount: number }>();
};

interface Scene {
  tt: TestTenant;
  editor: TestUser;
  viewer: TestUser;
  clip: string;
}

async function scene(): Promise<Scene> {
  const tt = await makeTenant(t);
  const editor = await makeUser(t, tt, { name: 'Edna Editor' });
  const viewer = await makeUser(t, tt, { name: 'Vera Viewer' });
  const clip = await makeItem(t, tt, { ownerId: editor.id, title: 'Harbour clip', itemType: 'video' });
  return { tt, editor, viewer, clip };
}

describe('comments on an item', () => {
  it('pins a comment to a time range, assigns it, and the assignee hears of it', async () => {
    const { editor, viewer, clip } = await scene();
    const made = await comment(editor, clip, {
      text: '  Check the horizon here  ',
      startMs: 5000,
      endMs: 7500,
      assigneeId: viewer.id,
    });
    expect(made).toMatchObject({
      itemId: clip,
      parentId: null,
      author: { id: editor.id, name: 'Edna Editor' },
      text: 'Check the horizon here',
      startMs: 5000,
      endMs: 7500,
      region: null,
      assignee: { id: viewer.id, name: 'Vera Viewer' },
      resolved: false,
      edited: false,
      canEdit: true,
      canDelete: true,
      replies: [],
    });
    const told = await notificationsOf(viewer);
    expect(told.unreadCount).toBe(1);
    expect(told.items[0]).toMatchObject({
      kind: 'assigned',
      read: false,
      payload: {
        itemId: clip,
        itemTitle: 'Harbour clip',
        commentId: made.id,
        startMs: 5000,
        actorName: 'Edna Editor',
        excerpt: 'Check the horizon here',
      },
    });
    // The actor is told nothing of their own doing.
    expect((await notificationsOf(editor)).unreadCount).toBe(0);
  });

  it('threads replies one level deep at their comment’s time, and tells the author', async () => {
    const { editor, viewer, clip } = await scene();
    const first = await comment(editor, clip, { text: 'Cut here?', startMs: 12_000 });
    const reply = await comment(viewer, clip, { text: 'Yes, at the wave', parentId: first.id });
    expect(reply).toMatchObject({ id: first.id, replies: [{ parentId: first.id, startMs: 12_000 }] });
    const nested = await call(editor, 'POST', `/api/v1/items/${clip}/comments`, {
      text: 'deeper',
      parentId: reply.replies[0]?.id,
    });
    expect(nested.statusCode).toBe(400);
    expect(fieldsOf(nested)).toEqual(['parentId']);
    expect(errorOf(nested).details?.[0]?.message).toBe(MESSAGES.commentReplyNested);
    const listed = await commentsOf(viewer, clip);
    expect(listed.map((c) => [c.text, c.replies.map((r) => r.text)])).toEqual([
      ['Cut here?', ['Yes, at the wave']],
    ]);
    expect((await notificationsOf(editor)).items.map((n) => n.kind)).toEqual(['reply']);
  });

  it('pins times to video and audio and regions to pictures, naming the field it refuses', async () => {
    const { tt, editor, clip } = await scene();
    const picture = await makeItem(t, tt, { ownerId: editor.id, itemType: 'image' });
    const region = { x: 0.25, y: 0.25, width: 0.5, height: 0.5 };
    expect((await comment(editor, picture, { text: 'This face', region })).region).toEqual(region);
    for (const [itemId, body, field, message] of [
      [picture, { text: 'x', startMs: 1000 }, 'startMs', MESSAGES.commentTimeOnMedia],
      [clip, { text: 'x', region }, 'region', MESSAGES.commentRegionOnPicture],
      [clip, { text: 'x', startMs: 5000, endMs: 4000 }, 'endMs', MESSAGES.commentEndBeforeStart],
      [picture, { text: 'x', region: { ...region, x: 0.75 } }, 'region', MESSAGES.commentRegionOutside],
      [clip, { text: '   ' }, 'text', undefined],
      [clip, { text: 'x'.repeat(5001) }, 'text', undefined],
      [clip, { text: 'x', startMs: -1 }, 'startMs', undefined],
    ] as const) {
      const res = await call(editor, 'POST', `/api/v1/items/${itemId}/comments`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
      if (message) expect(errorOf(res).details?.[0]?.message).toBe(message);
    }
  });

  it('lets only the author edit, and marks the comment edited', async () => {
    const { editor, viewer, clip } = await scene();
    const made = await comment(editor, clip, { text: 'Frist draft', startMs: 1000 });
    const edited = await call(editor, 'PATCH', `/api/v1/comments/${made.id}`, { text: 'First draft' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<CommentDto>()).toMatchObject({ text: 'First draft', edited: true, startMs: 1000 });
    const moved = await call(editor, 'PATCH', `/api/v1/comments/${made.id}`, { startMs: 2000 });
    expect(moved.json<CommentDto>()).toMatchObject({ startMs: 2000 });
    const other = await call(viewer, 'PATCH', `/api/v1/comments/${made.id}`, { text: 'Mine now' });
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).message).toBe(MESSAGES.noCommentEditPermission);
    const fresh = await comment(editor, clip, { text: 'Untouched' });
    expect(fresh.edited).toBe(false);
  });

  it('resolves and reopens, assigns and unassigns (spec §4), comments but not replies', async () => {
    const { editor, viewer, clip } = await scene();
    const made = await comment(editor, clip, { text: 'Colour is off' });
    const resolved = await call(viewer, 'POST', `/api/v1/comments/${made.id}/resolve`);
    expect(resolved.json<CommentDto>()).toMatchObject({ resolved: true, resolvedBy: { id: viewer.id } });
    expect((await commentsOf(editor, clip, '?state=unresolved')).length).toBe(0);
    expect((await commentsOf(editor, clip, '?state=resolved')).length).toBe(1);
    const reopened = await call(viewer, 'POST', `/api/v1/comments/${made.id}/reopen`);
    expect(reopened.json<CommentDto>()).toMatchObject({ resolved: false, resolvedBy: null });
    const assigned = await call(editor, 'PUT', `/api/v1/comments/${made.id}/assignee`, { userId: viewer.id });
    expect(assigned.json<CommentDto>().assignee).toEqual({ id: viewer.id, name: 'Vera Viewer' });
    expect((await notificationsOf(viewer)).items.map((n) => n.kind)).toEqual(['assigned']);
    const unassigned = await call(editor, 'PUT', `/api/v1/comments/${made.id}/assignee`, { userId: null });
    expect(unassigned.json<CommentDto>().assignee).toBeNull();
    const stranger = await makeUser(t, await makeTenant(t));
    const foreign = await call(editor, 'PUT', `/api/v1/comments/${made.id}/assignee`, {
      userId: stranger.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['userId']);
    expect(errorOf(foreign).details?.[0]?.message).toBe(MESSAGES.commentAssigneeUnknown);
    const reply = await comment(viewer, clip, { text: 'ok', parentId: made.id });
    const replyResolve = await call(viewer, 'POST', `/api/v1/comments/${reply.replies[0]?.id}/resolve`);
    expect(replyResolve.statusCode).toBe(400);
  });

  it('deletes one’s own, and others’ only with item.commentDeleteOthers', async () => {
    const { tt, editor, viewer, clip } = await scene();
    const made = await comment(editor, clip, { text: 'Remove me' });
    await comment(viewer, clip, { text: 'reply', parentId: made.id });
    const refused = await call(viewer, 'DELETE', `/api/v1/comments/${made.id}`);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(MESSAGES.noCommentDeletePermission);
    const moderator = await makeUser(t, tt, { permissions: ['item.commentDeleteOthers'] });
    expect((await call(moderator, 'DELETE', `/api/v1/comments/${made.id}`)).statusCode).toBe(204);
    expect(await commentsOf(editor, clip)).toEqual([]);
    const own = await comment(viewer, clip, { text: 'Mine' });
    expect((await call(viewer, 'DELETE', `/api/v1/comments/${own.id}`)).statusCode).toBe(204);
  });

  it('notifies the users an @name mentions, once each, and nobody for an unknown or shared name', async () => {
    const { tt, editor, viewer, clip } = await scene();
    await makeUser(t, tt, { name: 'Twin Name' });
    await makeUser(t, tt, { name: 'Twin Name' });
    const ola = await makeUser(t, tt, { name: 'Øla Nordmann' });
    await comment(editor, clip, {
      text: '@Vera Viewer and @ola nordmann, look. @Vera Viewer again; @Twin Name; @Nobody',
    });
    expect((await notificationsOf(viewer)).items.map((n) => n.kind)).toEqual(['mention']);
    expect((await notificationsOf(ola)).items.map((n) => n.kind)).toEqual(['mention']);
    // Mentioned and assigned at once: told once, as the assignee.
    await comment(editor, clip, { text: '@Vera Viewer please', assigneeId: viewer.id });
    expect((await notificationsOf(viewer)).items.map((n) => n.kind)).toEqual(['assigned', 'mention']);
  });

  it('tells nobody who cannot see the item, and assigns nobody who cannot', async () => {
    const { tt, editor, viewer } = await scene();
    const secret = await makeItem(t, tt, {
      ownerId: editor.id,
      title: 'Embargoed',
      visibleTo: { level: 'owner', groups: [] },
    });
    await comment(editor, secret, { text: '@Vera Viewer look at this' });
    expect((await notificationsOf(viewer)).total).toBe(0);
    const refused = await call(editor, 'POST', `/api/v1/items/${secret}/comments`, {
      text: 'for vera',
      assigneeId: viewer.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual(['userId']);
    expect(errorOf(refused).details?.[0]?.message).toBe(MESSAGES.commentAssigneeCannotSee);
    expect((await notificationsOf(viewer)).total).toBe(0);
  });

  it('hides the comments of items the caller cannot see', async () => {
    const { tt, editor, viewer } = await scene();
    const secret = await makeItem(t, tt, { ownerId: editor.id, visibleTo: { level: 'owner', groups: [] } });
    const made = await comment(editor, secret, { text: 'private note' });
    expect((await call(viewer, 'GET', `/api/v1/items/${secret}/comments`)).statusCode).toBe(404);
    expect((await call(viewer, 'GET', `/api/v1/comments/${made.id}`)).statusCode).toBe(404);
    expect((await call(viewer, 'DELETE', `/api/v1/comments/${made.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/tasks (My tasks)', () => {
  const statuses = (page: Page<TaskDto>) => page.items.map((task) => [task.text, task.status]);
  const tasksOf = async (user: TestUser, query = '') => {
    const res = await call(user, 'GET', `/api/v1/tasks${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<Page<TaskDto> & { counts: Record<TaskStatus, number> }>();
  };

  it('lists the comments assigned to me with spec §4’s statuses, filters and counts', async () => {
    const { tt, editor, viewer, clip } = await scene();
    const other = await makeItem(t, tt, { ownerId: editor.id, title: 'Gone clip' });
    const pending = await comment(editor, clip, { text: 'pending', startMs: 5000, assigneeId: viewer.id });
    const working = await comment(editor, clip, { text: 'working', assigneeId: viewer.id });
    await comment(viewer, clip, { text: 'on it', parentId: working.id });
    const done = await comment(editor, clip, { text: 'done', assigneeId: viewer.id });
    await call(viewer, 'POST', `/api/v1/comments/${done.id}/resolve`);
    await comment(editor, other, { text: 'cancelled', assigneeId: viewer.id });
    await t.services.itemsService.delete(tt.root, other);
    await comment(editor, clip, { text: 'not mine', assigneeId: editor.id });
    await comment(editor, clip, { text: 'nobody’s' });

    const mine = await tasksOf(viewer);
    expect(statuses(mine)).toEqual([
      ['cancelled', 'cancelled'],
      ['done', 'done'],
      ['working', 'inProgress'],
      ['pending', 'pending'],
    ]);
    expect(mine.items.at(-1)).toMatchObject({
      id: pending.id,
      kind: 'comment',
      item: { id: clip, title: 'Harbour clip', itemType: 'video' },
      assignee: { id: viewer.id },
      author: { id: editor.id, name: 'Edna Editor' },
      startMs: 5000,
    });
    expect(mine.counts).toEqual({ pending: 1, queued: 0, inProgress: 1, done: 1, cancelled: 1, error: 0 });
    expect(statuses(await tasksOf(viewer, '?status=inProgress'))).toEqual([['working', 'inProgress']]);
    const filtered = await tasksOf(viewer, '?status=pending');
    expect(filtered.total).toBe(1);
    expect(filtered.counts.done).toBe(1);
  });

  it('shows everyone’s tasks with task.listAll only, never of items one cannot see', async () => {
    const { tt, editor, viewer, clip } = await scene();
    await comment(editor, clip, { text: 'for vera', assigneeId: viewer.id });
    const secret = await makeItem(t, tt, { ownerId: editor.id, visibleTo: { level: 'owner', groups: [] } });
    await comment(editor, secret, { text: 'secret', assigneeId: editor.id });
    const refused = await call(viewer, 'GET', '/api/v1/tasks?scope=all');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(MESSAGES.noTaskListAllPermission);
    const lead = await makeUser(t, tt, { permissions: ['task.listAll'] });
    expect(statuses(await tasksOf(lead, '?scope=all'))).toEqual([['for vera', 'pending']]);
    expect(statuses(await tasksOf(editor))).toEqual([['secret', 'pending']]);
  });
});

describe('GET /api/v1/comments/search', () => {
  const search = async (user: TestUser, q: string) => {
    const res = await call(user, 'GET', `/api/v1/comments/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return res.json<Page<{ id: string; text: string; startMs: number | null; item: { id: string } }>>();
  };

  it('finds comments and replies by their words, accents and case aside, where the caller may look', async () => {
    const { tt, editor, viewer, clip } = await scene();
    const first = await comment(editor, clip, { text: 'The Fjørd shot is too dark', startMs: 9000 });
    await comment(viewer, clip, { text: 'Brightened the fjord', parentId: first.id });
    const secret = await makeItem(t, tt, { ownerId: editor.id, visibleTo: { level: 'owner', groups: [] } });
    await comment(editor, secret, { text: 'fjord in the secret cut' });
    const gone = await makeItem(t, tt, { ownerId: viewer.id });
    await comment(viewer, gone, { text: 'fjord on a deleted item' });
    await t.services.itemsService.delete(tt.root, gone);

    const hits = await search(viewer, 'FJORD');
    expect(hits.items.map((h) => [h.text, h.startMs, h.item.id])).toEqual([
      ['Brightened the fjord', 9000, clip],
      ['The Fjørd shot is too dark', 9000, clip],
    ]);
    expect((await search(editor, 'fjord')).total).toBe(3);
    expect((await search(await makeUser(t, await makeTenant(t)), 'fjord')).total).toBe(0);
    // LIKE's wildcards are taken literally.
    expect((await search(viewer, '%%')).total).toBe(0);
  });

  it('answers 401 without a session, 403 without item.commentRead and 400 naming q', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/comments/search?q=abc' })).statusCode).toBe(401);
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const short = await call(user, 'GET', '/api/v1/comments/search?q=a');
    expect(short.statusCode).toBe(400);
    expect(fieldsOf(short)).toEqual(['q']);
    await revokeFromEveryone(t, tt, ['item.commentRead']);
    const refused = await call(user, 'GET', '/api/v1/comments/search?q=abc');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(MESSAGES.noCommentReadPermission);
  });
});

describe('every comment route', () => {
  let s: Scene;
  let made: CommentDto;
  beforeAll(async () => {
    s = await scene();
    made = await comment(s.editor, s.clip, { text: 'The one', startMs: 1000 });
  });

  const ROUTES: (Omit<RouteCase, 'method'> & { method: Method; permission: Permission })[] = [
    {
      route: 'GET comments',
      method: 'GET',
      url: () => `/api/v1/items/${s.clip}/comments`,
      permission: 'item.commentRead',
    },
    {
      route: 'POST comments',
      method: 'POST',
      url: () => `/api/v1/items/${s.clip}/comments`,
      body: { text: 'hi' },
      permission: 'item.commentWrite',
    },
    {
      route: 'GET comment',
      method: 'GET',
      url: (id) => `/api/v1/comments/${id}`,
      permission: 'item.commentRead',
    },
    {
      route: 'PATCH comment',
      method: 'PATCH',
      url: (id) => `/api/v1/comments/${id}`,
      body: { text: 'changed' },
      permission: 'item.commentWrite',
    },
    {
      route: 'resolve',
      method: 'POST',
      url: (id) => `/api/v1/comments/${id}/resolve`,
      permission: 'item.commentStatus',
    },
    {
      route: 'reopen',
      method: 'POST',
      url: (id) => `/api/v1/comments/${id}/reopen`,
      permission: 'item.commentStatus',
    },
    {
      route: 'assignee',
      method: 'PUT',
      url: (id) => `/api/v1/comments/${id}/assignee`,
      body: { userId: null },
      permission: 'item.commentStatus',
    },
    {
      route: 'DELETE comment',
      method: 'DELETE',
      url: (id) => `/api/v1/comments/${id}`,
      permission: 'item.commentDeleteOwn',
    },
  ];
  const unchanged = async () => {
    const [listed] = await commentsOf(s.editor, s.clip);
    expect(listed).toMatchObject({ id: made.id, text: 'The one', resolved: false, assignee: null });
  };

  itRefusesStrangers(
    () => t,
    ROUTES,
    () => made.id,
    'comment or item',
    unchanged,
  );

  it.each(ROUTES.map((r) => [r.route, r] as const))(
    '%s answers 403 without its permission',
    async (_name, r) => {
      const tt = await makeTenant(t);
      const author = await makeUser(t, tt);
      const clip = await makeItem(t, tt, { ownerId: author.id });
      const own = await comment(author, clip, { text: 'mine' });
      // commentRead implies the others: it goes too, else it would give back what is taken.
      await revokeFromEveryone(t, tt, [r.permission, 'item.commentRead']);
      const url = r.url(own.id).replace(s.clip, clip);
      const res = await t.call({ method: r.method, url, body: r.body, cookie: author.cookie });
      expect(res.statusCode).toBe(403);
    },
  );

  it.each<[string, Method, () => string, object | undefined, string]>([
    ['POST comments', 'POST', () => `/api/v1/items/${s.clip}/comments`, { text: 5 }, 'text'],
    ['PATCH comment', 'PATCH', () => `/api/v1/comments/${made.id}`, { endMs: 'late' }, 'endMs'],
    ['assignee', 'PUT', () => `/api/v1/comments/${made.id}/assignee`, { userId: 'nobody' }, 'userId'],
    [
      'GET comments',
      'GET',
      () => `/api/v1/items/${s.clip}/comments?itemsPerPage=1000`,
      undefined,
      'itemsPerPage',
    ],
    ['GET tasks', 'GET', () => '/api/v1/tasks?status=later', undefined, 'status'],
  ])('%s answers 400 naming the field', async (_name, method, url, body, field) => {
    const res = await call(s.editor, method, url(), body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
    await unchanged();
  });

  it('GET /api/v1/tasks answers 401 without a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/tasks' })).statusCode).toBe(401);
  });
});
