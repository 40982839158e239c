import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_JOB } from '../../src/modules/analysis/analysis-job.ts';
import { requeueInitiatedAnalyses } from '../../src/modules/analysis/analysis-requeue.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser, type TestUser } from '../support/factories.ts';
import { makeItem } from '../support/items.ts';
import { errorOf, fieldsOf } from '../support/responses.ts';

// Issue 14: an analysis started on a selection, with spec §5's rule for transcription's language.
// No worker runs here: the started items wait, initiated.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const bulk = (user: TestUser | null, kind: string, body: object) =>
  t.call({
    method: 'POST',
    url: `/api/v1/analysis/${kind}/bulk`,
    body,
    ...(user ? { cookie: user.cookie } : {}),
  });

describe('starting an analysis on a selection', () => {
  it('starts it on the items it applies to and skips the others with the reason', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['analytics.transcription'] });
    const media = Buffer.from('media');
    const clip = await makeItem(t, tt, { ownerId: user.id, itemType: 'video', original: media });
    const sound = await makeItem(t, tt, { ownerId: user.id, itemType: 'audio', original: media });
    const picture = await makeItem(t, tt, { ownerId: user.id, itemType: 'image', original: media });
    const other = await makeTenant(t);
    const theirs = await makeItem(t, other, {
      ownerId: other.root.user.id,
      itemType: 'video',
      original: media,
    });
    const res = await bulk(user, 'transcription', {
      itemIds: [clip, sound, picture, theirs],
      language: 'nb',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      started: [clip, sound],
      skipped: [
        { itemId: picture, message: MESSAGES.analysisNotForItemType },
        { itemId: theirs, message: 'Item not found' },
      ],
    });
    for (const id of [clip, sound])
      expect((await t.services.itemsService.get(tt.root, id)).transcription.state).toBe('initiated');
    // Started already: a second bulk start skips them (spec §4).
    expect((await bulk(user, 'transcription', { itemIds: [clip], language: 'nb' })).json()).toEqual({
      started: [],
      skipped: [{ itemId: clip, message: MESSAGES.analysisInProgress }],
    });
  });

  it('refuses transcription without a language, with spec §5’s message (400)', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['analytics.transcription'] });
    const clip = await makeItem(t, tt, { ownerId: user.id, itemType: 'video', original: Buffer.from('x') });
    const res = await bulk(user, 'transcription', { itemIds: [clip] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(MESSAGES.bulkTranscriptionLanguage);
    expect(fieldsOf(res)).toEqual(['language']);
    // Other kinds need no language.
    expect((await bulk(user, 'sceneDetection', { itemIds: [clip] })).json()).toEqual({
      started: [clip],
      skipped: [],
    });
  });

  it('answers 401 without a session, 403 without the kind’s permission, 400 naming a bad field', async () => {
    const tt = await makeTenant(t);
    const plain = await makeUser(t, tt);
    const clip = await makeItem(t, tt, { ownerId: plain.id, itemType: 'video', original: Buffer.from('x') });
    expect((await bulk(null, 'sceneDetection', { itemIds: [clip] })).statusCode).toBe(401);
    const denied = await bulk(plain, 'transcription', { itemIds: [clip], language: 'en' });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).message).toBe(MESSAGES.noAnalysisPermission);
    expect(fieldsOf(await bulk(plain, 'sceneDetection', { itemIds: ['nope'] }))).toEqual(['itemIds.0']);
    expect(fieldsOf(await bulk(plain, 'sceneDetection', { itemIds: [] }))).toEqual(['itemIds']);
  });
});

describe('analyses left initiated at a restart', () => {
  it('are queued again once, with the language of their start', async () => {
    const tt = await makeTenant(t);
    const user = await makeUser(t, tt, { permissions: ['analytics.transcription'] });
    const media = Buffer.from('media');
    const queued = await makeItem(t, tt, { ownerId: user.id, itemType: 'video', original: media });
    await bulk(user, 'transcription', { itemIds: [queued], language: 'fr' });
    // A start whose job was never queued (the process died between the two writes).
    const lost = await makeItem(t, tt, { ownerId: user.id, itemType: 'audio', original: media });
    await t.services.processingService.setState('transcription', tt.tenant.id, lost, {
      state: 'initiated',
      progress: 0,
      errorMessage: null,
    });
    await t.services.itemsRepository.addHistory(t.services.itemsRepository.executor, [
      {
        tenantId: tt.tenant.id,
        itemId: lost,
        actorId: user.id,
        action: 'analysisStarted',
        details: { kind: 'transcription', language: 'nn' },
        at: new Date().toISOString(),
      },
    ]);
    const deps = { db: t.services.db, queue: t.services.queue };
    const first = await requeueInitiatedAnalyses(deps);
    const again = await requeueInitiatedAnalyses(deps);
    const jobs = await Promise.all(first.map((id) => t.services.queue.get(tt.tenant.id, id)));
    // Other files' tenants may have some too: this tenant's are these.
    const payloads = jobs.flatMap((j) => (j?.type === ANALYSIS_JOB ? [j.payload] : []));
    expect(payloads.map((p) => [p.itemId, p.language]).sort()).toEqual(
      [
        [queued, 'fr'],
        [lost, 'nn'],
      ].sort(),
    );
    // The same jobs: a start's job is queued once however often the process restarts.
    expect(again).toEqual(first);
  });
});
