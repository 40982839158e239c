import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hearWithWhisper } from '../../src/media/analysis/whisper.ts';
import { verifyWhisperModel, type WhisperModel } from '../../src/media/analysis/whisper-model.ts';
import { MediaError } from '../../src/media/media-error.ts';
import { whisperSpeechProvider } from '../../src/modules/analysis/whisper-speech.ts';
import { waitFor } from '../durability/support/wait.ts';
import { createTestApp } from '../support/app.ts';
import { makeTenant, makeUser } from '../support/factories.ts';
import { makeItem } from '../support/items.ts';

// whisper.cpp through the prebuilt addon, for real, on the paths that need no trained model: none
// can be fetched here, and no npm package ships one (docs/ANALYSIS.md). A real transcription is
// therefore not tested; a model that is missing, not a ggml model, has another checksum, is one the
// addon refuses or one it crashes on is, each with the error the operator or the item gets.
const RECORDING = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';
const GGML_MAGIC = Buffer.from('lmgg', 'latin1'); // 0x67676d6c, little-endian

let dir: string;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A file that opens like a ggml whisper model (magic, n_vocab) and then holds noise. */
async function fakeGgml(name: string, vocab: number): Promise<{ file: string; sha: string }> {
  const header = Buffer.alloc(8);
  GGML_MAGIC.copy(header, 0);
  header.writeInt32LE(vocab, 4);
  const bytes = Buffer.concat([header, randomBytes(4096)]);
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return { file, sha: sha256(bytes) };
}

async function jobDir(): Promise<string> {
  const job = await mkdtemp(path.join(dir, 'job-'));
  await mkdir(job, { recursive: true });
  return job;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'skald-whisper-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the whisper model check at start', () => {
  it('names WHISPER_MODEL for a missing file or one that is no ggml model', async () => {
    await expect(verifyWhisperModel(path.join(dir, 'none.bin'), 'a'.repeat(64))).rejects.toThrow(
      /WHISPER_MODEL: .*none\.bin is not a file/,
    );
    const text = path.join(dir, 'model.txt');
    await writeFile(text, 'not a model at all');
    await expect(verifyWhisperModel(text, sha256(Buffer.from('not a model at all')))).rejects.toThrow(
      /WHISPER_MODEL: .*model\.txt is not a ggml whisper model/,
    );
  });

  it('names WHISPER_MODEL_SHA256 when the file is not the one written down', async () => {
    const { file, sha } = await fakeGgml('ggml-other.bin', 51865);
    await expect(verifyWhisperModel(file, 'f'.repeat(64))).rejects.toThrow(
      new RegExp(`WHISPER_MODEL_SHA256: .*ggml-other\\.bin has SHA-256 ${sha}, not f{64}`),
    );
  });

  it('accepts the file with its checksum, and tells a multilingual model from an English one', async () => {
    const multi = await fakeGgml('ggml-large-v3.bin', 51866);
    expect(await verifyWhisperModel(multi.file, multi.sha)).toEqual({
      path: multi.file,
      name: 'ggml-large-v3.bin',
      multilingual: true,
    });
    const english = await fakeGgml('ggml-base.en.bin', 51864);
    expect(await verifyWhisperModel(english.file, english.sha)).toMatchObject({ multilingual: false });
  });
});

describe('whisper.cpp on a recording', { timeout: 120_000 }, () => {
  const hear = async (model: WhisperModel, language = 'en') => {
    const job = await jobDir();
    const input = path.join(job, 'austen.wav');
    await copyFile(RECORDING, input);
    return hearWithWhisper(input, { model, language, jobDir: job, durationSeconds: 10 });
  };
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (err: unknown) => err as MediaError,
    );

  it('says the model could not be loaded when the real addon refuses the file', async () => {
    const file = path.join(dir, 'noise.bin');
    await writeFile(file, randomBytes(4096));
    const err = await failure(hear({ path: file, name: 'noise.bin', multilingual: true }));
    expect(err).toBeInstanceOf(MediaError);
    expect(err.message).toBe(MESSAGES.speechModelUnreadable);
    expect(err.detail).toContain('Failed to initialize whisper context');
  });

  it('says so too when the model file is gone by the time a job runs', async () => {
    const err = await failure(
      hear({ path: path.join(dir, 'gone.bin'), name: 'gone.bin', multilingual: true }),
    );
    expect(err.message).toBe(MESSAGES.speechModelUnreadable);
  });

  it('survives the native addon crashing on a damaged model: the job fails, not the worker', async () => {
    const { file } = await fakeGgml('ggml-damaged.bin', 51865);
    const err = await failure(hear({ path: file, name: 'ggml-damaged.bin', multilingual: true }));
    expect(err.message).toBe(MESSAGES.transcriptionFailed);
    // whisper.cpp's own assertion, from the process it ran in.
    expect(err.detail).toMatch(/node exited with SIG\w+: .*GGML_ASSERT/s);
  });
});

describe('the whisper provider', () => {
  const input = {
    file: RECORDING,
    jobDir: '/nonexistent',
    durationSeconds: 10,
    signal: new AbortController().signal,
  };

  it('refuses without a model instead of transcribing anything', async () => {
    const provider = whisperSpeechProvider({ model: null });
    await expect(provider.transcribe({ ...input, language: 'en' })).rejects.toMatchObject({
      message: MESSAGES.speechModelMissing,
      detail: expect.stringContaining('WHISPER_MODEL is not set') as unknown,
    });
  });

  it('refuses Norwegian with an English-only model', async () => {
    const provider = whisperSpeechProvider({
      model: { path: '/m/ggml-base.en.bin', name: 'ggml-base.en.bin', multilingual: false },
    });
    expect(provider.name).toBe('whisper:ggml-base.en.bin');
    await expect(provider.transcribe({ ...input, language: 'nb' })).rejects.toMatchObject({
      message: MESSAGES.speechModelMissing,
    });
  });
});

describe('an installation with a whisper model', { timeout: 120_000 }, () => {
  it('refuses to start when the model is not the one written down', async () => {
    const { file } = await fakeGgml('ggml-start.bin', 51865);
    await expect(
      createTestApp({ WHISPER_MODEL: file, WHISPER_MODEL_SHA256: '0'.repeat(64) }),
    ).rejects.toThrow(/WHISPER_MODEL_SHA256: .*ggml-start\.bin has SHA-256/);
  });

  it('shows tenant administrators the model, and a model the engine cannot run fails the item', async () => {
    const { file, sha } = await fakeGgml('ggml-large-v3.bin', 51866);
    const t = await createTestApp({ WHISPER_MODEL: file, WHISPER_MODEL_SHA256: sha });
    try {
      await t.services.processingWorker.start();
      const tt = await makeTenant(t);
      const admin = await makeUser(t, tt, { roles: ['admin'], permissions: ['analytics.transcription'] });
      const cookie = admin.cookie;
      const set = await t.call({
        method: 'PUT',
        url: '/api/v1/tenant/speech-provider',
        cookie,
        body: { kind: 'whisper' },
      });
      expect(set.json()).toMatchObject({ kind: 'whisper', whisperModel: 'ggml-large-v3.bin' });
      const original = await readFile(RECORDING);
      const id = await makeItem(t, tt, {
        ownerId: admin.id,
        itemType: 'audio',
        original,
        filename: 'austen.wav',
      });
      const url = `/api/v1/items/${id}/analysis/transcription`;
      expect((await t.call({ method: 'POST', url, cookie, body: { language: 'nb' } })).statusCode).toBe(202);
      const item = await waitFor(
        async () => {
          const current = await t.services.itemsService.get(tt.root, id);
          return ['complete', 'error'].includes(current.transcription.state ?? '') ? current : undefined;
        },
        'the transcription to settle',
        90_000,
      );
      // The noise after the header crashes whisper.cpp in its own process; the worker lives on.
      expect(item.transcription).toMatchObject({
        state: 'error',
        errorMessage: MESSAGES.transcriptionFailed,
      });
    } finally {
      await t.close();
    }
  });
});

// Read once so a missing recording fails loudly here rather than as a vague ffmpeg error.
await readFile(RECORDING);
