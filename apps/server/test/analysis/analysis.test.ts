import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, type AnalysisJobKind, type Shot, type TextLine } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_JOB } from '../../src/modules/analysis/analysis-job.ts';
import type { TranscriptDto } from '../../src/modules/analysis/analysis.service.ts';
import type { ItemDto } from '../../src/modules/items/items.presenter.ts';
import { waitFor } from '../durability/support/wait.ts';
import { ffmpeg } from '../media/fixtures.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from '../support/factories.ts';
import { makeItem, revokeFromEveryone } from '../support/items.ts';
import { errorOf, fieldsOf } from '../support/responses.ts';

// The analyses with their real engines (ffmpeg's scdet, Tesseract, pocketsphinx) on real inputs:
// a clip rendered with burned-in text and two cuts, and a recording from Debian's
// pocketsphinx-testdata (LibriVox, read speech with its reference transcription).
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const RECORDING = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';

let t: TestApp;
let dir: string;
let clip: Buffer;
let picture: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  dir = await mkdtemp(path.join(tmpdir(), 'skald-analysis-'));
  const card = (colour: string, text: string) =>
    `color=c=${colour}:s=640x360:d=3:r=25,drawtext=fontfile=${FONT}:text='${text}':fontsize=64:fontcolor=white:x=(w-tw)/2:y=(h-th)/2`;
  // Three shots of 3 s: two with a caption, the last without.
  await ffmpeg([
    ...['-f', 'lavfi', '-i', card('navy', 'STORTINGET')],
    ...['-f', 'lavfi', '-i', card('darkred', 'BUDSJETT 2027')],
    ...['-f', 'lavfi', '-i', 'color=c=darkgreen:s=640x360:d=3:r=25'],
    ...[
      '-filter_complex',
      '[0][1][2]concat=n=3:v=1:a=0,format=yuv420p',
      '-c:v',
      'libx264',
      path.join(dir, 'clip.mp4'),
    ],
  ]);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    card('black', 'Bonjour Oslo'),
    '-frames:v',
    '1',
    path.join(dir, 'card.png'),
  ]);
  clip = await readFile(path.join(dir, 'clip.mp4'));
  picture = await readFile(path.join(dir, 'card.png'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

const start = (user: TestUser, id: string, kind: AnalysisJobKind, body?: object) =>
  t.call({
    method: 'POST',
    url: `/api/v1/items/${id}/analysis/${kind}`,
    cookie: user.cookie,
    ...(body ? { body } : {}),
  });
const get = (user: TestUser, url: string) => t.call({ method: 'GET', url, cookie: user.cookie });

/** Waits for the kind to end, complete or in error, as the item shows it. */
async function settled(tt: TestTenant, id: string, kind: AnalysisJobKind): Promise<ItemDto> {
  return waitFor(
    async () => {
      const item = await t.services.itemsService.get(tt.root, id);
      const state = item[kind].state;
      return state === 'complete' || state === 'error' ? item : undefined;
    },
    `${kind} to settle`,
    60_000,
  );
}

async function analyst(tt: TestTenant): Promise<TestUser> {
  return makeUser(t, tt, {
    permissions: ['analytics.sceneDetection', 'analytics.textDetection', 'analytics.transcription'],
  });
}

describe('scene detection', { timeout: 90_000 }, () => {
  it('finds both cuts of the clip, a keyframe per shot', async () => {
    const tt = await makeTenant(t);
    const user = await analyst(tt);
    const id = await makeItem(t, tt, { ownerId: user.id, itemType: 'video', original: clip });
    const res = await start(user, id, 'sceneDetection');
    expect(res.statusCode).toBe(202);
    expect((await t.services.itemsService.get(tt.root, id)).sceneDetection.state).toMatch(
      /initiated|progressing/,
    );
    const done = await settled(tt, id, 'sceneDetection');
    expect(done.sceneDetection).toMatchObject({ state: 'complete', errorMessage: null, progress: 100 });
    const { shots } = (await get(user, `/api/v1/items/${id}/analysis`)).json<{ shots: Shot[] }>();
    expect(shots.map((s) => [s.startMs, s.endMs])).toEqual([
      [0, 3000],
      [3000, 6000],
      [6000, 9000],
    ]);
    const keyframe = await get(user, shots[1]?.keyframeUrl ?? '');
    expect(keyframe.statusCode).toBe(200);
    expect(keyframe.headers['content-type']).toBe('image/jpeg');
    expect(keyframe.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });
});

describe('text detection', { timeout: 90_000 }, () => {
  it('reads the burned-in captions of each shot with their words, boxes and times', async () => {
    const tt = await makeTenant(t);
    const user = await analyst(tt);
    const id = await makeItem(t, tt, { ownerId: user.id, itemType: 'video', original: clip });
    expect((await start(user, id, 'textDetection')).statusCode).toBe(202);
    expect((await settled(tt, id, 'textDetection')).textDetection.state).toBe('complete');
    const { textLines } = (await get(user, `/api/v1/items/${id}/analysis`)).json<{ textLines: TextLine[] }>();
    expect(textLines.map((l) => [l.text, l.startMs, l.endMs])).toEqual([
      ['STORTINGET', 0, 3000],
      ['BUDSJETT 2027', 3000, 6000],
    ]);
    const [budget, year] = textLines[1]?.words ?? [];
    // The caption is centred: its words lie in the middle band, the year right of the word.
    expect(budget?.box.y).toBeGreaterThan(0.3);
    expect((budget?.box.y ?? 0) + (budget?.box.height ?? 0)).toBeLessThan(0.7);
    expect(year?.box.x).toBeGreaterThan((budget?.box.x ?? 0) + (budget?.box.width ?? 0));
    expect(budget?.confidence).toBeGreaterThan(80);
  });

  it('reads a picture', async () => {
    const tt = await makeTenant(t);
    const user = await analyst(tt);
    const id = await makeItem(t, tt, {
      ownerId: user.id,
      itemType: 'image',
      original: picture,
      filename: 'card.png',
    });
    expect((await start(user, id, 'textDetection')).statusCode).toBe(202);
    await settled(tt, id, 'textDetection');
    const { textLines } = (await get(user, `/api/v1/items/${id}/analysis`)).json<{ textLines: TextLine[] }>();
    expect(textLines.map((l) => l.text)).toEqual(['Bonjour Oslo']);
  });
});

describe('transcription', { timeout: 90_000 }, () => {
  it('transcribes a real recording with pocketsphinx, words timed in order', async () => {
    const tt = await makeTenant(t);
    const user = await analyst(tt);
    const original = await readFile(RECORDING);
    const id = await makeItem(t, tt, {
      ownerId: user.id,
      itemType: 'audio',
      original,
      filename: 'austen.wav',
    });
    expect((await start(user, id, 'transcription', { language: 'en' })).statusCode).toBe(202);
    expect((await settled(tt, id, 'transcription')).transcription.state).toBe('complete');
    const transcript = (await get(user, `/api/v1/items/${id}/transcript`)).json<TranscriptDto>();
    expect(transcript).toMatchObject({ language: 'en', provider: 'pocketsphinx' });
    const words = transcript.segments.flatMap((s) => s.words);
    // The reference: "…had then leisure to consider how much there might be prudently in his power…"
    const said = words.map((w) => w.text);
    for (const word of ['leisure', 'consider', 'much', 'power']) expect(said).toContain(word);
    const at = (word: string) => words.find((w) => w.text === word)?.startMs ?? -1;
    expect(at('leisure')).toBeLessThan(at('consider'));
    expect(at('consider')).toBeLessThan(at('power'));
    expect(at('power')).toBeLessThan(7_100);
  });

  it('ends in a clear error for a language without a model, with no transcript', async () => {
    const tt = await makeTenant(t);
    const user = await analyst(tt);
    const original = await readFile(RECORDING);
    const id = await makeItem(t, tt, {
      ownerId: user.id,
      itemType: 'audio',
      original,
      filename: 'austen.wav',
    });
    expect((await start(user, id, 'transcription', { language: 'nb' })).statusCode).toBe(202);
    const done = await settled(tt, id, 'transcription');
    expect(done.transcription).toMatchObject({ state: 'error', errorMessage: MESSAGES.speechModelMissing });
    expect((await get(user, `/api/v1/items/${id}/transcript`)).json<TranscriptDto>().segments).toEqual([]);
  });
});

describe('the analysis routes', () => {
  it('answer 401 without a session', async () => {
    const tt = await makeTenant(t);
    const id = await makeItem(t, tt, { ownerId: tt.root.user.id, itemType: 'video' });
    for (const [method, url] of [
      ['POST', `/api/v1/items/${id}/analysis/sceneDetection`],
      ['GET', `/api/v1/items/${id}/analysis`],
      ['GET', `/api/v1/items/${id}/transcript`],
    ] as const)
      expect((await t.call({ method, url })).statusCode).toBe(401);
  });

  it('answer 404 for another tenant’s item', async () => {
    const mine = await makeTenant(t);
    const theirs = await makeTenant(t);
    const user = await analyst(mine);
    const id = await makeItem(t, theirs, { ownerId: theirs.root.user.id, itemType: 'video', original: clip });
    expect((await start(user, id, 'sceneDetection')).statusCode).toBe(404);
    expect((await get(user, `/api/v1/items/${id}/analysis`)).statusCode).toBe(404);
    expect((await get(user, `/api/v1/items/${id}/transcript`)).statusCode).toBe(404);
  });

  it('answer 403 without the kind’s analytics permission (spec §6 defaults) or the tab’s', async () => {
    const tt = await makeTenant(t);
    const plain = await makeUser(t, tt);
    const id = await makeItem(t, tt, { ownerId: plain.id, itemType: 'video', original: clip });
    // analytics.textDetection and transcription default to false; sceneDetection to true.
    for (const kind of ['textDetection', 'transcription'] as const) {
      const res = await start(plain, id, kind);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).message).toBe(MESSAGES.noAnalysisPermission);
    }
    await revokeFromEveryone(t, tt, ['analytics.sceneDetection', 'ui.analytics', 'ui.transcript']);
    expect((await start(plain, id, 'sceneDetection')).statusCode).toBe(403);
    expect((await get(plain, `/api/v1/items/${id}/analysis`)).statusCode).toBe(403);
    expect((await get(plain, `/api/v1/items/${id}/transcript`)).statusCode).toBe(403);
  });

  it('answer 400 for a bad language, an item the kind does not apply to, or one without media', async () => {
    const tt = await makeTenant(t);
    const user = await analyst(tt);
    const audio = await makeItem(t, tt, { ownerId: user.id, itemType: 'audio', original: clip });
    const bad = await start(user, audio, 'transcription', { language: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['language']);
    const notForAudio = await start(user, audio, 'sceneDetection');
    expect(notForAudio.statusCode).toBe(400);
    expect(errorOf(notForAudio).message).toBe(MESSAGES.analysisNotForItemType);
    const empty = await makeItem(t, tt, { ownerId: user.id, itemType: 'video' });
    expect(errorOf(await start(user, empty, 'sceneDetection')).message).toBe(MESSAGES.analysisNoMedia);
  });

  it('answer 409 while the same analysis is waiting or running (spec §4)', async () => {
    const tt = await makeTenant(t);
    const user = await analyst(tt);
    const id = await makeItem(t, tt, { ownerId: user.id, itemType: 'video', original: clip });
    await t.services.processingService.setState('sceneDetection', tt.tenant.id, id, {
      state: 'progressing',
      progress: 10,
      errorMessage: null,
    });
    const res = await start(user, id, 'sceneDetection');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(MESSAGES.analysisInProgress);
  });
});

describe('a run that ends without settling its state', () => {
  it('leaves the kind in error with its own message, so it can be started again', async () => {
    const own = await createTestApp();
    try {
      const stop = await own.services.analysisService.settleLostRuns();
      const tt = await makeTenant(own);
      const id = await makeItem(own, tt, { ownerId: tt.root.user.id, itemType: 'video', original: clip });
      const item = await own.services.itemsService.get(tt.root, id);
      await own.services.processingService.setState('textDetection', tt.tenant.id, id, {
        state: 'progressing',
        progress: 40,
        errorMessage: null,
      });
      // A worker that dies mid-run on the job's last attempt: the queue fails the job.
      await own.services.queue.enqueue(
        ANALYSIS_JOB,
        { itemId: id, versionId: item.leadingVersionId ?? '', kind: 'textDetection', language: 'en' },
        { tenantId: tt.tenant.id, maxAttempts: 1 },
      );
      await own.services.queue.process(ANALYSIS_JOB, () => Promise.reject(new Error('worker lost')));
      const settled = await waitFor(
        async () => {
          const current = await own.services.itemsService.get(tt.root, id);
          return current.textDetection.state === 'error' ? current : undefined;
        },
        'the lost run to settle',
        20_000,
      );
      expect(settled.textDetection.errorMessage).toBe(MESSAGES.textDetectionFailed);
      stop();
    } finally {
      await own.close();
    }
  });
});

describe('moment search', { timeout: 90_000 }, () => {
  it('finds the frame text the engine read, with its moment, in the caller’s tenant only', async () => {
    const tt = await makeTenant(t);
    const user = await analyst(tt);
    const id = await makeItem(t, tt, {
      ownerId: user.id,
      itemType: 'video',
      original: clip,
      title: 'Debatt',
    });
    expect((await start(user, id, 'textDetection')).statusCode).toBe(202);
    await settled(tt, id, 'textDetection');
    const search = (who: TestUser, query: string) =>
      get(who, `/api/v1/search?searchString=${encodeURIComponent(query)}`);
    const found = await search(user, 'text:budsjétt');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      total: 1,
      items: [
        {
          id,
          title: 'Debatt',
          moments: [{ kind: 'text', startMs: 3000, endMs: 6000, snippet: 'BUDSJETT 2027' }],
        },
      ],
    });
    expect((await search(user, 'said:budsjett')).json()).toMatchObject({ total: 0 });
    const stranger = await analyst(await makeTenant(t));
    expect((await search(stranger, 'budsjett')).json()).toMatchObject({ total: 0 });
  });
});
