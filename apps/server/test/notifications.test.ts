import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/lib/paging.ts';
import type { NotificationDto } from '../src/modules/notifications/notifications.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeItem } from './support/items.ts';
import { fieldsOf } from './support/responses.ts';
import { mailText, startSmtpServer, waitFor } from './support/smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let base: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://skald.test' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Listed = Page<NotificationDto> & { unreadCount: number };
const list = async (user: TestUser, query = ''): Promise<Listed> => {
  const res = await t.call({ method: 'GET', url: `/api/v1/notifications${query}`, cookie: user.cookie });
  expect(res.statusCode).toBe(200);
  return res.json<Listed>();
};
const read = (user: TestUser, body: object) =>
  t.call({ method: 'POST', url: '/api/v1/notifications/read', cookie: user.cookie, body });

const notify = (tt: TestTenant, user: TestUser, n: number) =>
  t.services.notificationsService.notify(tt.tenant.id, user.id, 'reply', {
    itemId: '0190e3c0-0000-7000-8000-000000000001',
    itemTitle: `Clip ${n}`,
    actorName: 'Edna Editor',
  });

/** The user's event stream on the API at `at`: read until a pattern shows, or the time is up. */
async function stream(who: TestUser, at = base) {
  const controller = new AbortController();
  const res = await fetch(`${at}/api/v1/events`, {
    headers: { cookie: who.cookie },
    signal: controller.signal,
  });
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('no body');
  let text = '';
  const until = async (pattern: RegExp, ms: number) => {
    const deadline = setTimeout(() => {
      controller.abort();
    }, ms);
    try {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
    } catch {
      // aborted at the deadline
    } finally {
      clearTimeout(deadline);
    }
    return text;
  };
  return {
    until,
    close: () => {
      controller.abort();
    },
  };
}

describe('notifications', () => {
  it('lists newest first with the unread count; reads singly or all at once (spec §4)', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const other = await makeUser(t, tt);
    for (const n of [1, 2, 3]) await notify(tt, user, n);
    await notify(tt, other, 9);
    const first = await list(user);
    expect(first.unreadCount).toBe(3);
    expect(first.items.map((n) => n.payload.itemTitle)).toEqual(['Clip 3', 'Clip 2', 'Clip 1']);
    const [newest] = first.items;
    const one = await read(user, { ids: [newest?.id] });
    expect(one.json()).toEqual({ unreadCount: 2 });
    expect((await list(user, '?unread=true')).items.map((n) => n.payload.itemTitle)).toEqual([
      'Clip 2',
      'Clip 1',
    ]);
    // Another user's notification is not the caller's to read: it stays unread.
    const theirs = (await list(other)).items[0]?.id;
    expect((await read(user, { ids: [theirs] })).json()).toEqual({ unreadCount: 2 });
    expect((await list(other)).unreadCount).toBe(1);
    expect((await read(user, { all: true })).json()).toEqual({ unreadCount: 0 });
    expect((await list(user)).items.every((n) => n.read)).toBe(true);
  });

  it('refuses without a session, and names the field of bad input', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/notifications/read', body: { all: true } })).statusCode,
    ).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/v1/me/notification-settings' })).statusCode).toBe(401);
    const user = await makeUser(t, await makeTenant(t));
    const bad = await read(user, { ids: ['not-an-id'] });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['ids.0']);
    const many = await t.call({
      method: 'GET',
      url: '/api/v1/notifications?itemsPerPage=1000',
      cookie: user.cookie,
    });
    expect(fieldsOf(many)).toEqual(['itemsPerPage']);
    const kind = await t.call({
      method: 'PUT',
      url: '/api/v1/me/notification-settings',
      cookie: user.cookie,
      body: { settings: [{ kind: 'gossip', mail: true }] },
    });
    expect(kind.statusCode).toBe(400);
    expect(fieldsOf(kind)).toEqual(['settings.0.kind']);
  });

  it('notifies once per event key, however often it is heard', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    for (let i = 0; i < 3; i++) {
      await t.services.notificationsService.notify(
        tt.tenant.id,
        user.id,
        'jobFinished',
        { itemTitle: 'x' },
        {
          eventKey: 'job:1',
        },
      );
    }
    expect((await list(user)).total).toBe(1);
  });

  it('e-mails each kind in the recipient’s language unless they turned it off', async () => {
    const tt = await makeTenant(t);
    const editor = await makeUser(t, tt, { name: 'Edna Editor' });
    const norsk = await makeUser(t, tt, { name: 'Nora' });
    await t.services.usersRepository.update(tt.tenant.id, norsk.id, { language: 'nb' });
    const clip = await makeItem(t, tt, { ownerId: editor.id, title: 'Harbour clip' });
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/items/${clip}/comments`,
      cookie: editor.cookie,
      body: { text: 'Sjekk horisonten', startMs: 5000, assigneeId: norsk.id },
    });
    expect(res.statusCode).toBe(201);
    const commentId = res.json<{ id: string }>().id;
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes(norsk.email)));
    const body = mailText(mail);
    expect(body).toContain('Edna Editor har tildelt deg en kommentar på Harbour clip.');
    expect(body).toContain('Du kan slå av disse e-postene');
    expect(body).toContain('Hei Nora,');
    expect(body).toContain('> Sjekk horisonten');
    expect(body).toContain(`http://skald.test/item-details/${clip}?tab=comments&comment=${commentId}&t=5`);

    const settings = await t.call({
      method: 'PUT',
      url: '/api/v1/me/notification-settings',
      cookie: norsk.cookie,
      body: { settings: [{ kind: 'mention', mail: false }] },
    });
    expect(settings.json()).toMatchObject({
      settings: expect.arrayContaining([
        { kind: 'mention', mail: false },
        { kind: 'assigned', mail: true },
      ]) as unknown,
    });
    const before = smtp.mails.filter((m) => m.to.includes(norsk.email)).length;
    await t.call({
      method: 'POST',
      url: `/api/v1/items/${clip}/comments`,
      cookie: editor.cookie,
      body: { text: '@Nora see this' },
    });
    await t.services.mailer.idle();
    expect((await list(norsk)).items.map((n) => n.kind)).toEqual(['mention', 'assigned']);
    expect(smtp.mails.filter((m) => m.to.includes(norsk.email)).length).toBe(before);
  });

  it('arrives on the user’s open event stream at once, and nobody else’s', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const other = await makeUser(t, tt);
    const mine = await stream(user);
    const theirs = await stream(other);
    await notify(tt, user, 7);
    const got = await mine.until(/event: notification\ndata: .*\n\n/, 3000);
    const data = JSON.parse(/event: notification\ndata: (.*)\n\n/.exec(got)?.[1] ?? 'null') as {
      notification: NotificationDto;
      unreadCount: number;
    };
    expect(data).toMatchObject({
      unreadCount: 1,
      notification: { kind: 'reply', payload: { itemTitle: 'Clip 7' } },
    });
    await read(user, { all: true });
    expect(await mine.until(/event: notifications\ndata: \{"unreadCount":0\}/, 3000)).toMatch(
      /"unreadCount":0/,
    );
    expect(await theirs.until(/event: notification/, 300)).not.toMatch(/event: notification/);
    mine.close();
    theirs.close();
  });

  // CI's second pass (REDIS_URL): every API process relays the others' account events.
  it.runIf(Boolean(process.env.REDIS_URL))(
    'reaches the user’s stream on another API process through Redis',
    async () => {
      const other = await createTestApp({}, { db: t.services.db });
      try {
        const at = await other.app.listen({ port: 0, host: '127.0.0.1' });
        const tt = await makeTenant(t);
        const user = await makeUser(t, tt);
        const there = await stream(user, at);
        await notify(tt, user, 8);
        expect(await there.until(/event: notification\ndata: .*Clip 8/, 5000)).toMatch(/Clip 8/);
        there.close();
      } finally {
        await other.close();
      }
    },
  );
});
