import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hearSpeech } from '../../src/media/analysis/speech.ts';
import type { TranscriptDto } from '../../src/modules/analysis/analysis.service.ts';
import type { ItemDto } from '../../src/modules/items/items.presenter.ts';
import { waitFor } from '../durability/support/wait.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from '../support/factories.ts';
import { makeItem } from '../support/items.ts';
import { fieldsOf } from '../support/responses.ts';

// A tenant's OpenAI-compatible speech provider, asked over real HTTP. The service here is a small
// self-hosted one that really transcribes what it is sent (pocketsphinx) and answers in OpenAI's
// verbose_json, as whisper servers do: nothing in it is canned.
const RECORDING = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';

interface Heard {
  authorization: string | undefined;
  model: string;
  language: string;
  granularities: string[];
  fileType: string;
}

let t: TestApp;
let dir: string;
let server: Server;
let baseUrl: string;
const heard: Heard[] = [];

async function transcribeRequest(body: Buffer, headers: Record<string, string>): Promise<object> {
  // One small request of the test's own: the standard parser is enough here.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const form = await new Request('http://local/', { method: 'POST', body, headers }).formData();
  const file = form.get('file') as File;
  const work = await mkdtemp(path.join(dir, 'service-'));
  const input = path.join(work, 'upload');
  await writeFile(input, Buffer.from(await file.arrayBuffer()));
  heard.push({
    authorization: headers.authorization,
    model: form.get('model') as string,
    language: form.get('language') as string,
    granularities: form.getAll('timestamp_granularities[]').map(String),
    fileType: file.type,
  });
  const segments = await hearSpeech(input, { jobDir: work, durationSeconds: 10 });
  const words = segments.flatMap((s) => s.words);
  return {
    language: 'english',
    text: segments.map((s) => s.text).join(' '),
    segments: segments.map((s) => ({ start: s.startMs / 1000, end: s.endMs / 1000, text: ` ${s.text}` })),
    words: words.map((w) => ({
      word: ` ${w.text}`,
      start: w.startMs / 1000,
      end: w.endMs / 1000,
      probability: w.confidence / 100,
    })),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.services.processingWorker.start();
  dir = await mkdtemp(path.join(tmpdir(), 'skald-speech-'));
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url !== '/v1/audio/transcriptions' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
      );
      transcribeRequest(Buffer.concat(chunks), headers).then(
        (answer) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

const call = (user: TestUser, method: 'GET' | 'PUT' | 'DELETE', body?: object) =>
  t.call({ method, url: '/api/v1/tenant/speech-provider', cookie: user.cookie, ...(body ? { body } : {}) });

async function transcribed(
  tt: TestTenant,
  user: TestUser,
): Promise<{ item: ItemDto; transcript: TranscriptDto }> {
  const original = await readFile(RECORDING);
  const id = await makeItem(t, tt, { ownerId: user.id, itemType: 'audio', original, filename: 'austen.wav' });
  const started = await t.call({
    method: 'POST',
    url: `/api/v1/items/${id}/analysis/transcription`,
    cookie: user.cookie,
    body: { language: 'en' },
  });
  expect(started.statusCode).toBe(202);
  const item = await waitFor(
    async () => {
      const current = await t.services.itemsService.get(tt.root, id);
      return ['complete', 'error'].includes(current.transcription.state ?? '') ? current : undefined;
    },
    'the transcription to settle',
    60_000,
  );
  const transcript = (
    await t.call({ method: 'GET', url: `/api/v1/items/${id}/transcript`, cookie: user.cookie })
  ).json<TranscriptDto>();
  return { item, transcript };
}

describe('a tenant’s speech-to-text provider', { timeout: 90_000 }, () => {
  it('transcribes through the OpenAI-compatible service with the sealed key', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'], permissions: ['analytics.transcription'] });
    const set = await call(admin, 'PUT', { baseUrl, model: 'whisper-test', apiKey: 'sk-test-123' });
    expect(set.json()).toEqual({
      kind: 'openai',
      baseUrl,
      model: 'whisper-test',
      hasKey: true,
      whisperModel: null,
    });
    // Stored sealed: the key is not in the database as written.
    const row = await t.services.db
      .selectFrom('tenant_speech_providers')
      .selectAll()
      .where('tenant_id', '=', tt.tenant.id)
      .executeTakeFirstOrThrow();
    expect(row.sealed_key).not.toContain('sk-test-123');
    expect(JSON.stringify((await call(admin, 'GET')).json())).not.toContain('sk-test');

    const { item, transcript } = await transcribed(tt, admin);
    expect(item.transcription.state).toBe('complete');
    expect(heard.at(-1)).toEqual({
      authorization: 'Bearer sk-test-123',
      model: 'whisper-test',
      language: 'en',
      granularities: ['segment', 'word'],
      fileType: 'audio/flac',
    });
    expect(transcript.provider).toBe('openai:whisper-test');
    const words = transcript.segments.flatMap((s) => s.words.map((w) => w.text));
    expect(words).toEqual(expect.arrayContaining(['leisure', 'consider', 'power']));
  });

  it('leaves a clear error on the item when the service cannot be reached', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'], permissions: ['analytics.transcription'] });
    await call(admin, 'PUT', { baseUrl: 'http://127.0.0.1:9/v1', model: 'whisper-test' });
    const { item, transcript } = await transcribed(tt, admin);
    expect(item.transcription).toMatchObject({
      state: 'error',
      errorMessage: MESSAGES.speechProviderUnreachable,
    });
    expect(transcript.segments).toEqual([]);
  });

  it('chooses whisper.cpp, and without a model on this installation the item says so', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'], permissions: ['analytics.transcription'] });
    await call(admin, 'PUT', { baseUrl, model: 'm', apiKey: 'sk-dropped' });
    const set = await call(admin, 'PUT', { kind: 'whisper' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      kind: 'whisper',
      baseUrl: null,
      model: null,
      hasKey: false,
      whisperModel: null,
    });
    expect((await call(admin, 'GET')).json()).toMatchObject({ kind: 'whisper' });
    // No WHISPER_MODEL here: a clear error on the item, no transcript.
    const { item, transcript } = await transcribed(tt, admin);
    expect(item.transcription).toMatchObject({ state: 'error', errorMessage: MESSAGES.speechModelMissing });
    expect(transcript.segments).toEqual([]);
    const bad = await call(admin, 'PUT', { kind: 'whisper', baseUrl });
    expect(bad.statusCode).toBe(400);
    const unknown = await call(admin, 'PUT', { kind: 'vosk' });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['kind']);
  });

  it('goes back to the embedded engine', async () => {
    const tt = await makeTenant(t);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    await call(admin, 'PUT', { baseUrl, model: 'm' });
    expect((await call(admin, 'DELETE')).json()).toMatchObject({ kind: 'pocketsphinx', hasKey: false });
    expect((await call(admin, 'GET')).json()).toMatchObject({ kind: 'pocketsphinx' });
  });

  it('answers 401 without a session, 403 to a non-administrator, 400 naming a bad field', async () => {
    const tt = await makeTenant(t);
    for (const method of ['GET', 'PUT', 'DELETE'] as const)
      expect((await t.call({ method, url: '/api/v1/tenant/speech-provider' })).statusCode).toBe(401);
    const plain = await makeUser(t, tt);
    for (const method of ['GET', 'PUT', 'DELETE'] as const)
      expect(
        (await call(plain, method, method === 'PUT' ? { baseUrl, model: 'm' } : undefined)).statusCode,
      ).toBe(403);
    const admin = await makeUser(t, tt, { roles: ['admin'] });
    const bad = await call(admin, 'PUT', { baseUrl: 'file:///etc/passwd', model: 'm' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['baseUrl']);
    // Settings of the caller's own tenant only: another tenant's are not reachable by any id.
    const other = await makeTenant(t);
    const otherAdmin = await makeUser(t, other, { roles: ['admin'] });
    await call(admin, 'PUT', { baseUrl, model: 'mine' });
    expect((await call(otherAdmin, 'GET')).json()).toMatchObject({ kind: 'pocketsphinx' });
  });
});
