import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestUser } from './support/factories.ts';
import { makeItem } from './support/items.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

/** Reads the event stream until `count` item events arrived or the deadline passed. */
async function itemEvents(user: TestUser, count: number, act: () => Promise<void>): Promise<unknown[]> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/events`, {
    headers: { cookie: user.cookie },
    signal: controller.signal,
  });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('no body');
  const events: unknown[] = [];
  let buffer = '';
  const deadline = setTimeout(() => {
    controller.abort();
  }, 3_000);
  await act();
  try {
    while (events.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      for (const match of buffer.matchAll(/event: item\ndata: (.*)\n\n/g))
        events.push(JSON.parse(match[1] ?? 'null'));
      buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
    }
  } catch {
    // the deadline aborted the read: answer what arrived
  } finally {
    clearTimeout(deadline);
    controller.abort();
  }
  return events;
}

describe('GET /api/v1/events', () => {
  it('streams the transcoding state of items the caller can see, and nothing of others', async () => {
    const tt = await makeTenant(t);
    const owner = await makeUser(t, tt);
    const other = await makeUser(t, tt);
    const open = await makeItem(t, tt, { ownerId: owner.id });
    const hidden = await makeItem(t, tt, { ownerId: owner.id, visibleTo: { level: 'owner', groups: [] } });
    const elsewhere = await makeTenant(t);
    const foreign = await makeItem(t, elsewhere, { ownerId: owner.id });
    const state = { state: 'progressing', progress: 40, errorMessage: null } as const;
    const publish = async () => {
      await t.services.processingService.setState('transcoding', tt.tenant.id, hidden, state);
      await t.services.processingService.setState('transcoding', elsewhere.tenant.id, foreign, state);
      await t.services.processingService.setState('transcoding', tt.tenant.id, open, state);
    };
    const seen = await itemEvents(other, 1, publish);
    expect(seen).toEqual([
      {
        itemId: open,
        transcoding: { state: 'progressing', progress: 40, errorMessage: null, enabled: true },
      },
    ]);
  });

  it('answers 401 without a session', async () => {
    expect((await fetch(`${base}/api/v1/events`)).status).toBe(401);
  });
});
