import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('starts on the embedded defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      NODE_ENV: 'development',
      publicUrl: 'http://localhost:3000',
      WORKER_IN_API: 'true',
      WORKER_CONCURRENCY: 1,
      JOB_LEASE_MS: 30_000,
      TRUST_PROXY: false,
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: must be a postgres/],
    ['REDIS_URL', 'http://x', /REDIS_URL/],
    ['SMTP_URL', 'mail.example.com', /SMTP_URL/],
    ['PUBLIC_URL', 'not a url', /PUBLIC_URL/],
    ['SECRET_KEY', 'short', /SECRET_KEY: must be at least 32/],
    ['S3_ENDPOINT', 'nope', /S3_ENDPOINT/],
    ['NODE_ENV', 'staging', /NODE_ENV/],
    ['WORKER_IN_API', 'yes', /WORKER_IN_API/],
    ['WORKER_CONCURRENCY', '0', /WORKER_CONCURRENCY/],
    ['JOB_LEASE_MS', '500', /JOB_LEASE_MS/],
    ['TRUST_PROXY', 'yes please', /TRUST_PROXY/],
    ['WHISPER_MODEL', '/models/ggml-large-v3.bin', /WHISPER_MODEL_SHA256: is required with WHISPER_MODEL/],
    ['WHISPER_MODEL_SHA256', 'a'.repeat(64), /WHISPER_MODEL_SHA256: is set but WHISPER_MODEL is not/],
    ['WHISPER_MODEL_SHA256', 'not-a-digest', /WHISPER_MODEL_SHA256: must be the 64 hexadecimal/],
    ['WHISPER_THREADS', '0', /WHISPER_THREADS/],
    ['FRAME_ANCESTORS', '*', /FRAME_ANCESTORS: "\*" is not an origin/],
    [
      'FRAME_ANCESTORS',
      'https://panel.example.com/app',
      /FRAME_ANCESTORS: "https:\/\/panel.example.com\/app"/,
    ],
    [
      'FRAME_ANCESTORS',
      'https://a.example.com, https://b.example.com',
      /FRAME_ANCESTORS: "https:\/\/a.example.com,"/,
    ],
    ['FRAME_ANCESTORS', "'self'", /FRAME_ANCESTORS/],
    ['FRAME_ANCESTORS', 'file:///panel', /FRAME_ANCESTORS/],
  ])('stops with a message naming %s when it is %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%s as Fastify trustProxy %s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('reads the whisper model with its SHA-256 in lower case', () => {
    const c = loadConfig({ WHISPER_MODEL: '/m/ggml.bin', WHISPER_MODEL_SHA256: 'AB'.repeat(32) });
    expect(c).toMatchObject({ WHISPER_MODEL: '/m/ggml.bin', WHISPER_MODEL_SHA256: 'ab'.repeat(32) });
  });

  it('reads FRAME_ANCESTORS as the origins it names', () => {
    expect(
      loadConfig({ FRAME_ANCESTORS: ' https://Panel.Example.com:443/  http://localhost:8088 ' })
        .FRAME_ANCESTORS,
    ).toEqual(['https://panel.example.com', 'http://localhost:8088']);
    expect(loadConfig({}).FRAME_ANCESTORS).toBeUndefined();
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
