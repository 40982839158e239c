import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser, type TestTenant } from '../support/factories.ts';
import { makeItem, revokeFromEveryone } from '../support/items.ts';

// Issue 14 §4: an item's time to searchable, from the history its upload, transcode and analyses
// write.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function history(
  tt: TestTenant,
  itemId: string,
  entries: [string, string, Record<string, unknown>?][],
) {
  await t.services.itemsRepository.addHistory(
    t.services.itemsRepository.executor,
    entries.map(([action, at, details]) => ({
      tenantId: tt.tenant.id,
      itemId,
      actorId: null,
      action,
      details: details ?? {},
      at,
    })),
  );
}

const url = (id: string) => `/api/v1/items/${id}/time-to-searchable`;

describe('time to searchable', () => {
  it('gives the latest upload, its proxy and each analysis done after it', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await makeItem(t, tt, { ownerId: user.id, itemType: 'video' });
    await history(tt, id, [
      ['uploaded', '2026-01-01T10:00:00.000Z'],
      ['transcodeCompleted', '2026-01-01T10:00:20.000Z'],
      ['analysisCompleted', '2026-01-01T10:01:00.000Z', { kind: 'sceneDetection' }],
      // A new version: the times start again from it.
      ['versionAdded', '2026-01-02T09:00:00.000Z'],
      ['analysisStarted', '2026-01-02T09:00:01.000Z', { kind: 'transcription' }],
      ['transcodeCompleted', '2026-01-02T09:00:12.000Z'],
      ['analysisCompleted', '2026-01-02T09:00:40.000Z', { kind: 'transcription' }],
      ['analysisCompleted', '2026-01-02T09:00:55.000Z', { kind: 'sceneDetection' }],
      ['analysisCompleted', '2026-01-02T09:02:00.000Z', { kind: 'transcription' }],
    ]);
    const res = await t.call({ method: 'GET', url: url(id), cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      uploadedAt: '2026-01-02T09:00:00.000Z',
      proxyReadyAt: '2026-01-02T09:00:12.000Z',
      analyses: [
        { kind: 'transcription', doneAt: '2026-01-02T09:00:40.000Z' },
        { kind: 'sceneDetection', doneAt: '2026-01-02T09:00:55.000Z' },
      ],
    });
  });

  it('answers 401 without a session, 404 for another tenant’s item, 400 for a bad id, 403 without item.history', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt);
    const id = await makeItem(t, tt, { ownerId: user.id, itemType: 'video' });
    expect((await t.call({ method: 'GET', url: url(id) })).statusCode).toBe(401);
    const stranger = await makeUser(t, await makeTenant(t));
    expect((await t.call({ method: 'GET', url: url(id), cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: url('not-a-uuid'), cookie: user.cookie })).statusCode).toBe(
      400,
    );
    await revokeFromEveryone(t, tt, ['item.history']);
    const plain = await makeUser(t, tt);
    expect((await t.call({ method: 'GET', url: url(id), cookie: plain.cookie })).statusCode).toBe(403);
  });
});
